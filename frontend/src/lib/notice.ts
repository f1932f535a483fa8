/**
 * Notices (toasts) raised from anywhere, including code outside React such as the request
 * layer. Text is either a catalogue key (translated when shown) or a raw string from the
 * server, which is shown as is.
 */
export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

export type NoticeText =
  | { key: string; values?: Record<string, string | number> }
  | { raw: string };

export interface Notice {
  id: number;
  kind: NoticeKind;
  title?: NoticeText;
  message: NoticeText;
  durationMs: number;
}

export interface NoticeInput {
  kind: NoticeKind;
  title?: NoticeText;
  message: NoticeText;
  durationMs?: number;
}

type Listener = () => void;

const DUPLICATE_WINDOW_MS = 1500;
const DEFAULT_DURATION_MS: Record<NoticeKind, number> = {
  success: 3000,
  info: 4000,
  warning: 5000,
  error: 6000,
};

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const recent = new Map<string, number>();

function emit(): void {
  for (const listener of listeners) listener();
}

function fingerprint(input: NoticeInput): string {
  return JSON.stringify([input.kind, input.title ?? null, input.message]);
}

/**
 * Shows a notice and returns its id. The same notice raised again within 1.5 s (several calls
 * failing together, e.g. an expired session) is shown once; its id is then 0.
 */
export function notify(input: NoticeInput, now: number = Date.now()): number {
  const key = fingerprint(input);
  const seenAt = recent.get(key);
  if (seenAt !== undefined && now - seenAt < DUPLICATE_WINDOW_MS) return 0;
  recent.set(key, now);
  const notice: Notice = {
    id: nextId++,
    kind: input.kind,
    title: input.title,
    message: input.message,
    durationMs: input.durationMs ?? DEFAULT_DURATION_MS[input.kind],
  };
  notices = [...notices, notice];
  emit();
  return notice.id;
}

export function dismissNotice(id: number): void {
  const remaining = notices.filter((notice) => notice.id !== id);
  if (remaining.length === notices.length) return;
  notices = remaining;
  emit();
}

export function getNotices(): readonly Notice[] {
  return notices;
}

const NO_NOTICES: readonly Notice[] = [];
export function getServerNotices(): readonly Notice[] {
  return NO_NOTICES;
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For tests. */
export function resetNotices(): void {
  notices = [];
  recent.clear();
  emit();
}
