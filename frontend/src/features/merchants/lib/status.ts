/**
 * Merchant statuses and the transitions the server allows (tenants/merchant_services.py):
 * pending→active, active→frozen, frozen→active, active|frozen→closed. Closed is final.
 * The server stays the authority (it answers 409 otherwise); this decides which actions to offer.
 */
export const MERCHANT_STATUSES = ['pending', 'active', 'frozen', 'closed'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];

export type StatusAction = 'approve' | 'freeze' | 'reactivate' | 'close';

export interface StatusTransition {
  action: StatusAction;
  to: MerchantStatus;
  /** The server refuses freeze and close without a reason (400 fields.reason). */
  needsReason: boolean;
  /** Ends the sessions of the merchant's accounts or cannot be undone: ask with a danger button. */
  destructive: boolean;
}

const TRANSITIONS: Record<MerchantStatus, readonly StatusTransition[]> = {
  pending: [{ action: 'approve', to: 'active', needsReason: false, destructive: false }],
  active: [
    { action: 'freeze', to: 'frozen', needsReason: true, destructive: true },
    { action: 'close', to: 'closed', needsReason: true, destructive: true },
  ],
  frozen: [
    { action: 'reactivate', to: 'active', needsReason: false, destructive: false },
    { action: 'close', to: 'closed', needsReason: true, destructive: true },
  ],
  closed: [],
};

export function isMerchantStatus(value: unknown): value is MerchantStatus {
  return (MERCHANT_STATUSES as readonly unknown[]).includes(value);
}

export function allowedTransitions(status: string): readonly StatusTransition[] {
  return isMerchantStatus(status) ? TRANSITIONS[status] : [];
}

export function canEditMerchant(status: string): boolean {
  return status !== 'closed';
}

export type Tone = 'green' | 'amber' | 'sky' | 'slate' | 'red';

export const MERCHANT_STATUS_TONE: Record<MerchantStatus, Tone> = {
  pending: 'sky',
  active: 'green',
  frozen: 'amber',
  closed: 'slate',
};
