/**
 * An audit entry as sentences a person reads: "结算周期 由 按月 改为 T+7" /
 * "Settlement cycle changed from Monthly to T+7". Actions, field names, status values, roles,
 * settlement cycles and reason codes go through the catalogue (`kit.history`); what the
 * catalogue does not know still reads as words (underscores become spaces), never as JSON.
 */
export interface HistoryEntry {
  id: number | string;
  actor: string;
  action: string;
  before?: unknown;
  after?: unknown;
  reason: string;
  created_at: string;
}

/** next-intl's translator for `kit.history`, loosened: keys come from the server. */
export interface HistoryTranslate {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

type Flat = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** {settlement: {settlement_cycle: "T+1"}} → {"settlement.settlement_cycle": "T+1"}. */
function flatten(value: unknown, prefix = ''): Flat {
  if (!isRecord(value)) return prefix ? { [prefix]: value } : value === undefined || value === null ? {} : { '': value };
  return Object.entries(value).reduce<Flat>((flat, [key, inner]) => ({ ...flat, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }), {});
}

/** "contact_phone" → "contact phone"; "merchant.status" → "merchant status". */
export function humanize(code: string): string {
  return code.replace(/[._]+/g, ' ').trim();
}

const lastSegment = (path: string) => path.split('.').pop() ?? path;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

export function fieldLabel(t: HistoryTranslate, path: string): string {
  const field = lastSegment(path);
  return t.has(`fields.${field}`) ? t(`fields.${field}`) : humanize(field);
}

export function valueText(t: HistoryTranslate, path: string, value: unknown): string {
  const field = lastSegment(path);
  if (Array.isArray(value)) return value.map((item) => valueText(t, path, item)).join(t('listSeparator'));
  if (typeof value === 'boolean') return t(value ? 'yes' : 'no');
  if (isRecord(value)) return Object.entries(flatten(value)).map(([key, inner]) => `${fieldLabel(t, key)} ${valueText(t, key, inner)}`).join(t('listSeparator'));
  const text = String(value);
  const group = field === 'role_codes' ? 'roles' : field;
  if (t.has(`values.${group}.${text}`)) return t(`values.${group}.${text}`);
  if (field === 'commission_rate') return t('percent', { value: text });
  return text;
}

export function actionText(t: HistoryTranslate, action: string): string {
  return t.has(`actions.${action}`) ? t(`actions.${action}`) : t('unknownAction', { action: humanize(action) });
}

/** A reason the server stores as a code ("onboarded", "prohibited") reads as words; free text stays. */
export function reasonText(t: HistoryTranslate, reason: string): string {
  return /^[a-z_]+$/.test(reason) && t.has(`reasons.${reason}`) ? t(`reasons.${reason}`) : reason;
}

/**
 * A value as it reads, and whether it is user data. A value of a field the catalogue names
 * values for (status, roles, settlement cycle …), a yes/no, a number or a rate is the
 * product's own words; any other text is what a person typed (a name, an address, a
 * username) and is shown as stored, marked (UserText).
 */
export interface ValueText {
  text: string;
  user: boolean;
}

export function valueOf(t: HistoryTranslate, path: string, value: unknown): ValueText {
  const field = lastSegment(path);
  const group = field === 'role_codes' ? 'roles' : field;
  const text = valueText(t, path, value);
  if (Array.isArray(value)) return { text, user: value.some((item) => valueOf(t, path, item).user) };
  if (isRecord(value)) return { text, user: Object.entries(flatten(value)).some(([key, inner]) => valueOf(t, key, inner).user) };
  const own = typeof value === 'boolean' || typeof value === 'number' || field === 'commission_rate' || t.has(`values.${group}`);
  return { text, user: !own };
}

/** One changed field: its catalogue sentence (`kit.history.changed` …) and its values. */
export type ChangePart =
  | { kind: 'passwordChanged' }
  | { kind: 'set'; field: string; after: ValueText }
  | { kind: 'cleared'; field: string; before: ValueText }
  | { kind: 'changed'; field: string; before: ValueText; after: ValueText };

/** One part per changed field, in the order the server wrote them. */
export function changeParts(t: HistoryTranslate, before: unknown, after: unknown): ChangePart[] {
  const from = flatten(before);
  const to = flatten(after);
  const paths = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return paths.flatMap((path): ChangePart[] => {
    const old = from[path];
    const now = to[path];
    if (JSON.stringify(old) === JSON.stringify(now)) return [];
    const field = path === '' ? t('value') : fieldLabel(t, path);
    if (lastSegment(path) === 'password') return [{ kind: 'passwordChanged' }];
    if (isEmpty(old) && isEmpty(now)) return [];
    if (isEmpty(old)) return [{ kind: 'set', field, after: valueOf(t, path, now) }];
    if (isEmpty(now)) return [{ kind: 'cleared', field, before: valueOf(t, path, old) }];
    return [{ kind: 'changed', field, before: valueOf(t, path, old), after: valueOf(t, path, now) }];
  });
}

/** The values a part's sentence takes, each by its name in the catalogue text. */
export function partValues(part: ChangePart): Record<string, ValueText> {
  if (part.kind === 'passwordChanged') return {};
  if (part.kind === 'set') return { after: part.after };
  if (part.kind === 'cleared') return { before: part.before };
  return { before: part.before, after: part.after };
}

/** One sentence per changed field, in the order the server wrote them. */
export function changeSentences(t: HistoryTranslate, before: unknown, after: unknown): string[] {
  return changeParts(t, before, after).map((part) => {
    const values = Object.fromEntries(Object.entries(partValues(part)).map(([key, value]) => [key, value.text]));
    return part.kind === 'passwordChanged' ? t(part.kind) : t(part.kind, { field: part.field, ...values });
  });
}
