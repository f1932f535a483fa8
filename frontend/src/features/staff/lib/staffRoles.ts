/** Staff roles and account statuses (no zod: the staff list imports these without the forms). */
export const STAFF_ROLES = ['auditor', 'salesman', 'finance', 'customer_service'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
