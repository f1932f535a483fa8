/**
 * What an audit entry changed, as lines "field: before → after". The server stores `before` and
 * `after` as free JSON (objects for updates, null for creations); anything else is shown whole.
 */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

function show(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const from = asRecord(before);
  const to = asRecord(after);
  if (!from && !to) {
    const single = show(after) ?? show(before);
    return single === null ? [] : [{ field: '', before: show(before), after: show(after) }];
  }
  const fields = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])];
  return fields
    .map((field) => ({ field, before: show(from?.[field]), after: show(to?.[field]) }))
    .filter((change) => change.before !== change.after);
}
