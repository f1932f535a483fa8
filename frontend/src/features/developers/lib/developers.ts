/**
 * The developers' screen (/developers): its views and their state in the URL, the webhook
 * endpoints' states, the event types, the deliveries' and attempts' outcomes, and the API keys'
 * choices. Pure: the components and the tests share it.
 */
import { DEFAULT_PAGE_SIZE, readEnum, readId, readPage, readPageSize, toSearch } from '@/components/filters/listState';
import type { Tone } from '@/components/StatusBadge';
import type { ApiKey, ApiKeyScope, ApiKeyStatus, CreateApiKeyBody, Delivery, DeliveryAttempt, WebhookEndpoint } from '../types';

export const DEVELOPERS_PATH = '/developers';

// --- views and the URL ---------------------------------------------------------------------------

export const DEVELOPER_VIEWS = ['endpoints', 'deliveries', 'apiKeys', 'intake', 'guide'] as const;
export type DeveloperView = (typeof DEVELOPER_VIEWS)[number];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DevelopersState {
  view: DeveloperView;
  /** Deliveries: of one endpoint. */
  endpoint_id: number | undefined;
  status: DeliveryStatus | undefined;
  /** The delivery whose attempts are open. */
  delivery: number | undefined;
  page: number;
  page_size: number;
}

export function parseDevelopersState(params: URLSearchParams): DevelopersState {
  return {
    view: readEnum(params, 'view', DEVELOPER_VIEWS) ?? 'endpoints',
    endpoint_id: readId(params, 'endpoint_id'),
    status: readEnum(params, 'status', DELIVERY_STATUSES),
    delivery: readId(params, 'delivery'),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function developersSearch(state: DevelopersState): string {
  return toSearch({ ...state }, { view: 'endpoints', page: 1, page_size: DEFAULT_PAGE_SIZE });
}

/** A view's address; the deliveries may open on one endpoint's. */
export function developersHref(view: DeveloperView, endpointId?: number): string {
  const search = toSearch({ view, endpoint_id: endpointId }, { view: 'endpoints' });
  return search ? `${DEVELOPERS_PATH}?${search}` : DEVELOPERS_PATH;
}

/** The views a session sees: intake keys need their own right (intake.manage). */
export function visibleViews(canManageIntake: boolean): readonly DeveloperView[] {
  return DEVELOPER_VIEWS.filter((view) => view !== 'intake' || canManageIntake);
}

export function deliveryListQuery(state: DevelopersState) {
  return { endpoint_id: state.endpoint_id, status: state.status ?? '', page: state.page, page_size: state.page_size };
}

// --- endpoints -------------------------------------------------------------------------------------

/**
 * The event types an endpoint may ask for (`EVENT_TYPES` in apps/webhooks/services.py; a test
 * holds the two lists equal). `ping` reaches every endpoint and is not chosen.
 */
export const EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.shipped',
  'after_sale.changed',
  'bill.paid',
  'bill.overdue',
  'order.overdue_step',
  'charge.created',
  'deposit.changed',
  'withdrawal.changed',
  'goods.status_changed',
  'unit.status_changed',
  'recovery.case_changed',
  'privacy.request.created',
  'customer.redact',
  'merchant.redact',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** `a.b_c` → `a_b_c`, as a type: the catalogue keys of codes that hold dots or colons. */
type Underscored<S extends string> = S extends `${infer A}.${infer B}` ? `${A}_${Underscored<B>}` : S extends `${infer A}:${infer B}` ? `${A}_${Underscored<B>}` : S;

/** The catalogue's key of an event type (`order.status_changed` → `order_status_changed`). */
export function eventTypeKey<T extends string>(type: T): Underscored<T> {
  return type.replace(/\./g, '_') as Underscored<T>;
}

export function isKnownEventType(type: string): type is EventType | 'ping' {
  return type === 'ping' || (EVENT_TYPES as readonly string[]).includes(type);
}

/** One type chosen or dropped; the list stays in the catalogue's order. */
export function toggleEventType(selected: readonly string[], type: string): string[] {
  const next = new Set(selected);
  if (next.has(type)) next.delete(type);
  else next.add(type);
  return EVENT_TYPES.filter((known) => next.has(known));
}

/**
 * An endpoint's state: receiving; turned off by its owner; or turned off by the system (410
 * Gone, or 5 days of failures), which says why in `disabled_reason` and asks for attention.
 */
export type EndpointState = 'enabled' | 'paused' | 'disabledBySystem';

export function endpointState(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_reason'>): EndpointState {
  if (endpoint.enabled) return 'enabled';
  return endpoint.disabled_reason ? 'disabledBySystem' : 'paused';
}

export function endpointTone(state: EndpointState): Tone {
  return state === 'enabled' ? 'green' : state === 'paused' ? 'slate' : 'red';
}

/** The endpoints the system turned off: the banners name each with its reason. */
export function systemDisabled<T extends Pick<WebhookEndpoint, 'enabled' | 'disabled_reason'>>(endpoints: readonly T[] | undefined): T[] {
  return (endpoints ?? []).filter((endpoint) => endpointState(endpoint) === 'disabledBySystem');
}

/**
 * The reasons the system writes (apps/webhooks/services.py `_endpoint_disable`), by their
 * catalogue key; another reason is shown as the server wrote it.
 */
const DISABLED_REASONS: Record<string, 'gone' | 'failing'> = {
  'the receiver answered 410 Gone': 'gone',
  'every attempt failed for 5 days': 'failing',
};

export function disabledReasonKey(reason: string): 'gone' | 'failing' | null {
  return DISABLED_REASONS[reason.trim()] ?? null;
}

/** Why an endpoint cannot be sent a test: null when it can. */
export function pingRefusal(endpoint: Pick<WebhookEndpoint, 'enabled'>): 'disabled' | null {
  return endpoint.enabled ? null : 'disabled';
}

// --- deliveries ------------------------------------------------------------------------------------

export function deliveryTone(status: string): Tone {
  return status === 'delivered' ? 'green' : status === 'failed' ? 'red' : 'sky';
}

export function isDeliveryStatus(status: string): status is DeliveryStatus {
  return (DELIVERY_STATUSES as readonly string[]).includes(status);
}

/** Why a delivery cannot be sent again: null when it can (a pending one is still being sent). */
export function redeliverRefusal(delivery: Pick<Delivery, 'status'>): 'pending' | null {
  return delivery.status === 'pending' ? 'pending' : null;
}

/** What one attempt came to: a 2xx, another status code, or no answer at all (its error). */
export type AttemptOutcome = 'ok' | 'status' | 'error';

export function attemptOutcome(attempt: Pick<DeliveryAttempt, 'status_code'>): AttemptOutcome {
  const code = attempt.status_code;
  if (code === null || code === undefined) return 'error';
  return code >= 200 && code < 300 ? 'ok' : 'status';
}

export function attemptTone(outcome: AttemptOutcome): Tone {
  return outcome === 'ok' ? 'green' : outcome === 'status' ? 'amber' : 'red';
}

/** The retry schedule after the first attempt (docs/webhooks.md), each ±20 %: shown in the guide. */
export const RETRY_SCHEDULE = ['immediately', '5s', '5m', '30m', '2h', '5h', '10h', '10h'] as const;

// --- API keys --------------------------------------------------------------------------------------

/** The scopes a key may have (the schema's `ApiKeyCreateIn.scopes`; the type holds them equal). */
export const API_KEY_SCOPES = ['orders:read', 'bills:read', 'goods:read', 'goods:write', 'units:read'] as const satisfies readonly CreateApiKeyBody['scopes'][number][];

export type ApiKeyScopeName = (typeof API_KEY_SCOPES)[number];

/** The catalogue's key of a scope (`goods:write` → `goods_write`). */
export function scopeKey<T extends string>(scope: T): Underscored<T> {
  return scope.replace(/[:.]/g, '_') as Underscored<T>;
}

export function isKnownScope(scope: string): scope is ApiKeyScopeName {
  return (API_KEY_SCOPES as readonly string[]).includes(scope);
}

/** A key as the list shows it: its prefix and an ellipsis (the rest was shown once). */
/** An endpoint as a choice names it: its description first (what the shop calls it), then its address. */
export function endpointLabel(endpoint: { url: string; description: string }): string {
  const description = endpoint.description.trim();
  return description ? `${description} · ${endpoint.url}` : endpoint.url;
}

/** The key that replaced `key` by a roll, if any (the newer key names it in `rolled_from_id`). */
export function replacedBy<K extends { id: number; rolled_from_id: number | null }>(key: K, keys: readonly K[]): K | undefined {
  return keys.find((other) => other.rolled_from_id === key.id);
}

export function keyDisplay(prefix: string): string {
  return `${prefix}…`;
}

export function apiKeyTone(status: ApiKeyStatus | string): Tone {
  return status === 'active' ? 'green' : status === 'expired' ? 'amber' : 'slate';
}

/** Why a key cannot be revoked or rolled: null when it can (only an active key can). */
export function apiKeyRefusal(key: Pick<ApiKey, 'status'>): 'expired' | 'revoked' | null {
  return key.status === 'active' ? null : key.status === 'expired' ? 'expired' : 'revoked';
}

/** How long the old key keeps working after a roll, in hours: now, 1 h, 24 h, 3 days, 7 days. */
export const OLD_KEY_HOURS = [0, 1, 24, 72, 168] as const;
export type OldKeyHours = (typeof OLD_KEY_HOURS)[number];
export const DEFAULT_OLD_KEY_HOURS: OldKeyHours = 24;

/** The scopes in the order the server lists them, each with whether it can be chosen. */
export function scopeChoices(scopes: readonly ApiKeyScope[] | undefined): { scope: string; granted: boolean; actions: string[] }[] {
  return (scopes ?? []).map((item) => ({ scope: item.scope, granted: item.granted, actions: item.actions }));
}

export const API_KEY_NAME_MAX = 50;
export const API_KEY_SCOPES_MAX = 5;

export interface ApiKeyDraft {
  name: string;
  scopes: readonly string[];
}

export type ApiKeyProblem = 'nameRequired' | 'nameTooLong' | 'scopesRequired' | 'scopesTooMany' | 'scopeNotGranted';

/** What stops a new key from being asked for, by field (none: it may be sent). */
export function apiKeyProblems(draft: ApiKeyDraft, scopes: readonly ApiKeyScope[] | undefined): Partial<Record<'name' | 'scopes', ApiKeyProblem>> {
  const problems: Partial<Record<'name' | 'scopes', ApiKeyProblem>> = {};
  const name = draft.name.trim();
  if (!name) problems.name = 'nameRequired';
  else if (name.length > API_KEY_NAME_MAX) problems.name = 'nameTooLong';
  const granted = new Set((scopes ?? []).filter((item) => item.granted).map((item) => item.scope));
  if (draft.scopes.length === 0) problems.scopes = 'scopesRequired';
  else if (draft.scopes.length > API_KEY_SCOPES_MAX) problems.scopes = 'scopesTooMany';
  else if (draft.scopes.some((scope) => !granted.has(scope))) problems.scopes = 'scopeNotGranted';
  return problems;
}
