import type { HistoryEntry } from './auditText';

/** One status move of a reviewed request (a withdrawal, a risk recharge) as its detail answers it. */
export interface StatusMoveRow {
  id?: number | string;
  action?: string;
  from_status?: string;
  to_status?: string;
  reason?: string;
  actor?: string;
  created_at?: string;
}

/** The backend writes "system" for the provider's callbacks; the kit shows its own word. */
const SYSTEM_ACTOR = 'system';

/**
 * A request's status moves as the kit's history entries: `action` prefixed with the record's
 * kind (`withdrawal.paid`), the statuses under `field` ("提现状态 由 待审核 改为 待复核").
 */
export function statusTimeline(rows: readonly StatusMoveRow[], kind: string, field: string): HistoryEntry[] {
  return rows.map((row, index) => ({
    id: row.id ?? index,
    actor: !row.actor || row.actor === SYSTEM_ACTOR ? '' : row.actor,
    action: `${kind}.${row.action ?? ''}`,
    before: row.from_status ? { [field]: row.from_status } : undefined,
    after: row.to_status ? { [field]: row.to_status } : undefined,
    reason: row.reason ?? '',
    created_at: row.created_at ?? '',
  }));
}
