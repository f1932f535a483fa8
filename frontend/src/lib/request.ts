/**
 * The one function every backend call goes through (spec 7 and 8).
 *
 * - sends `jwt-token` with the token of the current platform type;
 * - gives up after 10 s;
 * - envelope code 200 → the call's `data`;
 * - any other code → a warning notice "请求错误" with the server's msg (unless the call hides
 *   notices) and the result `false`; code 109 also clears the session and goes to the login
 *   page with the current path as target;
 * - a network or transport error → an error notice "网络错误" with the error message and `false`.
 */
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE } from '@/i18n/config';
import { readCookie } from './cookies';
import { notify } from './notice';
import { currentPlatformType, type PlatformType } from './platform';
import { LOGIN_PATH, loginHref, matchRoute } from './routes';
import { clearSession, readToken } from './session';

/**
 * Where each side's calls are sent. Both sides share the /api paths because the backend
 * picks the side from the host; keeping the map lets a side move without touching callers.
 * It lives here, not in the global state: the request layer reads no app state (the token
 * comes from storage, the side from the host), so it imports nothing that imports it back.
 */
export const URL_PREFIX_BY_PLATFORM: Readonly<Record<PlatformType, string>> = { 0: '/api', 1: '/api' };

export const REQUEST_TIMEOUT_MS = 10_000;
export const SUCCESS_CODE = 200;
export const SESSION_EXPIRED_CODE = 109;

export interface Envelope<T = unknown> {
  code: number;
  data: T;
  msg: string;
}

export interface CallOptions {
  /** Do not show a notice when the call fails (the caller handles it). */
  hideNotice?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Receives the failure (code, msg, data such as `data.fields`) for callers that need it. */
  onFailure?: (failure: RequestFailure) => void;
}

export interface RequestOptions extends CallOptions {
  method?: 'GET' | 'POST';
  params?: Record<string, unknown>;
  body?: unknown;
}

/** A failed call: the envelope's code and msg, or code -1 for a transport error. */
export class RequestFailure {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown,
  ) {}

  /** Field errors of a validation failure (`data.fields`), if any. */
  get fields(): Record<string, string[]> {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    return typeof fields === 'object' && fields !== null ? (fields as Record<string, string[]>) : {};
  }
}

export const TRANSPORT_FAILURE_CODE = -1;

type SessionExpiredHandler = (loginUrl: string) => void;
let onSessionExpired: SessionExpiredHandler = (loginUrl) => window.location.assign(loginUrl);

/** The app swaps in client-side navigation; tests swap in a spy. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

function buildUrl(path: string, params: Record<string, unknown> | undefined, prefix: string): string {
  const relative = path.startsWith('/api/') ? path.slice('/api'.length) : path;
  const url = `${prefix}${relative.startsWith('/') ? relative : `/${relative}`}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

/** The path to come back to after logging in again; the login pages keep their own target. */
function currentTarget(): string {
  const { pathname, search } = window.location;
  if (matchRoute(pathname)?.route.layout === 'login') {
    return new URLSearchParams(search).get('target') ?? '/';
  }
  return `${pathname}${search}`;
}

/** The UI language, so the server answers messages and menu names in it. */
function uiLanguage(): string {
  const chosen = readCookie(LOCALE_COOKIE);
  if (isLocale(chosen)) return chosen;
  return document.documentElement.lang || DEFAULT_LOCALE;
}

class TimeoutError extends Error {
  constructor(ms: number) {
    super(`timeout of ${ms}ms exceeded`);
    this.name = 'TimeoutError';
  }
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T | false> {
  const platformType = currentPlatformType();
  const method = options.method ?? 'GET';
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': uiLanguage() };
  const token = readToken(platformType);
  if (token) headers['jwt-token'] = token;
  let body: string | FormData | undefined;
  if (method !== 'GET' && options.body instanceof FormData) {
    body = options.body; // multipart upload: fetch sets the boundary in Content-Type itself
  } else if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  let envelope: Envelope;
  try {
    const url = buildUrl(path, method === 'GET' ? options.params : undefined, URL_PREFIX_BY_PLATFORM[platformType]);
    const response = await fetch(url, { method, headers, body, signal: controller.signal, credentials: 'same-origin' });
    const payload: unknown = await response.json().catch(() => null);
    if (!isEnvelope(payload)) {
      throw new Error(response.ok ? 'Malformed response' : `HTTP ${response.status} ${response.statusText}`.trim());
    }
    envelope = payload;
  } catch (error) {
    if (options.signal?.aborted && !timedOut) return false; // the caller cancelled (e.g. unmount)
    const message = timedOut ? new TimeoutError(timeoutMs).message : error instanceof Error ? error.message : String(error);
    options.onFailure?.(new RequestFailure(TRANSPORT_FAILURE_CODE, message, null));
    if (!options.hideNotice) {
      notify({ kind: 'error', title: { key: 'notice.networkError' }, message: { raw: message } });
    }
    return false;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  if (envelope.code === SUCCESS_CODE) return envelope.data as T;

  options.onFailure?.(new RequestFailure(envelope.code, envelope.msg, envelope.data));
  if (!options.hideNotice) {
    notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: envelope.msg || String(envelope.code) } });
  }
  if (envelope.code === SESSION_EXPIRED_CODE) {
    const target = currentTarget();
    clearSession(platformType);
    if (window.location.pathname !== LOGIN_PATH) onSessionExpired(loginHref(target));
  }
  return false;
}
