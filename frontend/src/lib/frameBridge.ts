/**
 * Messages between a page inside a frame and the page holding it (spec 2). The frame asks
 * the parent to open a URL in a new window or to navigate to a route; postMessage can be
 * lost while the parent is still loading, so the sender repeats every 50 ms until the parent
 * acknowledges. Only same-origin messages are honoured in both directions.
 */
export const FRAME_RETRY_INTERVAL_MS = 50;
/** Give up after 10 s so an orphaned frame does not post forever. */
export const FRAME_MAX_ATTEMPTS = 200;

const REQUEST_KIND = 'zulin:frame-request';
const ACK_KIND = 'zulin:frame-ack';

export type FrameAction = 'open' | 'navigate';

export interface FrameRequest {
  kind: typeof REQUEST_KIND;
  id: string;
  action: FrameAction;
  url: string;
}

interface FrameAck {
  kind: typeof ACK_KIND;
  id: string;
}

function isFrameRequest(data: unknown): data is FrameRequest {
  const message = data as Partial<FrameRequest> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.kind === REQUEST_KIND &&
    typeof message.id === 'string' &&
    (message.action === 'open' || message.action === 'navigate') &&
    typeof message.url === 'string'
  );
}

function isAck(data: unknown, id: string): boolean {
  const message = data as Partial<FrameAck> | null;
  return typeof message === 'object' && message !== null && message.kind === ACK_KIND && message.id === id;
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export interface SendOptions {
  /** The window the frame lives in (tests); defaults to window. */
  self?: Window;
  /** The parent to post to; defaults to self.parent. */
  target?: Window;
  intervalMs?: number;
  maxAttempts?: number;
  /** Called with the attempt number each time the message is posted. */
  onAttempt?: (attempt: number) => void;
  /** Stops repeating (the sender went away); the promise resolves false. */
  signal?: AbortSignal;
}

/** Posts the request until the parent acknowledges; resolves true on ack, false on giving up. */
export function sendToParent(action: FrameAction, url: string, options: SendOptions = {}): Promise<boolean> {
  const self = options.self ?? window;
  const target = options.target ?? self.parent;
  const intervalMs = options.intervalMs ?? FRAME_RETRY_INTERVAL_MS;
  const maxAttempts = options.maxAttempts ?? FRAME_MAX_ATTEMPTS;
  const origin = self.location.origin;
  const message: FrameRequest = { kind: REQUEST_KIND, id: newId(), action, url };

  return new Promise((resolve) => {
    let attempts = 0;
    const finish = (acknowledged: boolean) => {
      clearInterval(timer);
      self.removeEventListener('message', onMessage);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(acknowledged);
    };
    const onAbort = () => finish(false);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== target) return;
      if (isAck(event.data, message.id)) finish(true);
    };
    const post = () => {
      if (attempts >= maxAttempts) {
        finish(false);
        return;
      }
      attempts += 1;
      options.onAttempt?.(attempts);
      target.postMessage(message, origin);
    };
    if (options.signal?.aborted) {
      resolve(false);
      return;
    }
    options.signal?.addEventListener('abort', onAbort);
    self.addEventListener('message', onMessage);
    const timer = setInterval(post, intervalMs);
    post();
  });
}

export const openInNewWindow = (url: string, options?: SendOptions) => sendToParent('open', url, options);
export const navigateParent = (route: string, options?: SendOptions) => sendToParent('navigate', route, options);

export interface FrameHandlers {
  onOpen: (url: string) => void;
  onNavigate: (route: string) => void;
}

/** A route of this site ("/x"), never "//host" or a full URL. */
function isSiteRoute(route: string): boolean {
  return route.startsWith('/') && !route.startsWith('//') && !route.startsWith('/\\');
}

function isWebUrl(url: string, base: string): boolean {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Listens on the parent: acks every same-origin request (repeats included) and acts on each
 * request id once. Returns the function that stops listening.
 */
export function listenToFrames(handlers: FrameHandlers, self: Window = window): () => void {
  const origin = self.location.origin;
  const handled = new Set<string>();
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || !isFrameRequest(event.data)) return;
    const request = event.data;
    const ack: FrameAck = { kind: ACK_KIND, id: request.id };
    (event.source as Window | null)?.postMessage(ack, origin);
    if (handled.has(request.id)) return;
    handled.add(request.id);
    if (request.action === 'navigate' && isSiteRoute(request.url)) handlers.onNavigate(request.url);
    if (request.action === 'open' && isWebUrl(request.url, origin)) handlers.onOpen(new URL(request.url, origin).toString());
  };
  self.addEventListener('message', onMessage);
  return () => self.removeEventListener('message', onMessage);
}
