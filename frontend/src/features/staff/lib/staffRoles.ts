/**
 * Staff roles of each side and account statuses (no zod: the staff list imports these without
 * the forms). The store gives its five staff roles (the collector follows recovery cases); the platform its staff roles, never
 * platform_admin (an admin keeps it, the screen neither gives nor takes it).
 */
export const STAFF_ROLES = ['auditor', 'salesman', 'finance', 'customer_service', 'collector'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PLATFORM_STAFF_ROLES = ['platform_operator', 'platform_finance', 'platform_auditor'] as const;
export type PlatformStaffRole = (typeof PLATFORM_STAFF_ROLES)[number];
/** Every platform role: the list filters by any of them, admins included. */
export const PLATFORM_ROLES = ['platform_admin', ...PLATFORM_STAFF_ROLES] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** Which side's staff a screen manages: the store's (merchant host) or the platform's (admin host). */
export type StaffSide = 'store' | 'platform';
export type AssignableRole = StaffRole | PlatformStaffRole;
export type FilterRole = StaffRole | PlatformRole;

/** The roles the screen gives on a side. */
export function assignableRoles(side: StaffSide): readonly AssignableRole[] {
  return side === 'platform' ? PLATFORM_STAFF_ROLES : STAFF_ROLES;
}

/** The roles the list filters by on a side. */
export function filterRoles(side: StaffSide): readonly FilterRole[] {
  return side === 'platform' ? PLATFORM_ROLES : STAFF_ROLES;
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** A role the message catalogue names (staff.roles.*), on either side. */
export function isKnownRole(value: string): value is FilterRole {
  return isStaffRole(value) || (PLATFORM_ROLES as readonly string[]).includes(value);
}

export function isAssignableRole(side: StaffSide, value: string): value is AssignableRole {
  return (assignableRoles(side) as readonly string[]).includes(value);
}

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
