import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAME_RETRY_INTERVAL_MS, listenToFrames, sendToParent, type FrameRequest } from '../frameBridge';

const ORIGIN = window.location.origin; // http://demo.localhost:3000

/** A stand-in parent window: records posts, and lets the test answer as the parent. */
function fakeParent() {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  const parent = frame.contentWindow!;
  const posted: FrameRequest[] = [];
  vi.spyOn(parent, 'postMessage').mockImplementation(((message: FrameRequest, origin: string) => {
    expect(origin).toBe(ORIGIN);
    posted.push(message);
  }) as typeof parent.postMessage);
  const ack = (id: string, origin = ORIGIN, source: Window = parent) =>
    window.dispatchEvent(new MessageEvent('message', { data: { kind: 'zulin:frame-ack', id }, origin, source }));
  return { parent, posted, ack, remove: () => frame.remove() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('sendToParent', () => {
  it('repeats the message every 50 ms until the parent acknowledges', async () => {
    const { parent, posted, ack } = fakeParent();
    const onAttempt = vi.fn();
    const result = sendToParent('navigate', '/billList', { target: parent, onAttempt });
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ kind: 'zulin:frame-request', action: 'navigate', url: '/billList' });
    await vi.advanceTimersByTimeAsync(FRAME_RETRY_INTERVAL_MS * 3);
    expect(posted).toHaveLength(4);
    expect(new Set(posted.map((message) => message.id)).size).toBe(1);
    ack(posted[0]!.id);
    await expect(result).resolves.toBe(true);
    await vi.advanceTimersByTimeAsync(FRAME_RETRY_INTERVAL_MS * 5);
    expect(posted).toHaveLength(4);
    expect(onAttempt).toHaveBeenCalledTimes(4);
    expect(FRAME_RETRY_INTERVAL_MS).toBe(50);
  });

  it('ignores acks from another origin, another window or for another message', async () => {
    const { parent, posted, ack } = fakeParent();
    const result = sendToParent('open', 'https://example.com/doc', { target: parent });
    const id = posted[0]!.id;
    ack(id, 'http://evil.localhost:3000');
    ack(id, ORIGIN, window);
    ack('other-id');
    await vi.advanceTimersByTimeAsync(FRAME_RETRY_INTERVAL_MS * 2);
    expect(posted.length).toBe(3);
    ack(id);
    await expect(result).resolves.toBe(true);
  });

  it('gives up after the attempt limit or when cancelled', async () => {
    const { parent, posted } = fakeParent();
    const limited = sendToParent('navigate', '/', { target: parent, maxAttempts: 3 });
    await vi.advanceTimersByTimeAsync(FRAME_RETRY_INTERVAL_MS * 10);
    await expect(limited).resolves.toBe(false);
    expect(posted).toHaveLength(3);

    const controller = new AbortController();
    const cancelled = sendToParent('navigate', '/', { target: parent, signal: controller.signal });
    controller.abort();
    await expect(cancelled).resolves.toBe(false);
  });
});

describe('listenToFrames', () => {
  function request(id: string, action: 'open' | 'navigate', url: string, origin = ORIGIN) {
    const { parent: child, posted: acks } = fakeParent();
    const event = new MessageEvent('message', { data: { kind: 'zulin:frame-request', id, action, url }, origin, source: child });
    return { dispatch: () => window.dispatchEvent(event), acks };
  }

  it('acks every repeat and acts on each request once', () => {
    const onNavigate = vi.fn();
    const onOpen = vi.fn();
    const stop = listenToFrames({ onNavigate, onOpen });
    const navigate = request('n1', 'navigate', '/billList');
    navigate.dispatch();
    navigate.dispatch();
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(onNavigate).toHaveBeenCalledWith('/billList');
    expect(navigate.acks).toEqual([
      { kind: 'zulin:frame-ack', id: 'n1' },
      { kind: 'zulin:frame-ack', id: 'n1' },
    ]);
    request('o1', 'open', 'https://example.com/contract.pdf').dispatch();
    expect(onOpen).toHaveBeenCalledWith('https://example.com/contract.pdf');
    stop();
    request('n2', 'navigate', '/').dispatch();
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('honours only same-origin messages', () => {
    const onNavigate = vi.fn();
    const stop = listenToFrames({ onNavigate, onOpen: vi.fn() });
    const foreign = request('f1', 'navigate', '/', 'http://evil.localhost:3000');
    foreign.dispatch();
    expect(onNavigate).not.toHaveBeenCalled();
    expect(foreign.acks).toHaveLength(0);
    stop();
  });

  it('refuses routes off the site and non-web URLs', () => {
    const onNavigate = vi.fn();
    const onOpen = vi.fn();
    const stop = listenToFrames({ onNavigate, onOpen });
    request('x1', 'navigate', '//evil.example/x').dispatch();
    request('x2', 'navigate', 'https://evil.example').dispatch();
    request('x3', 'open', 'javascript:alert(1)').dispatch();
    expect(onNavigate).not.toHaveBeenCalled();
    expect(onOpen).not.toHaveBeenCalled();
    stop();
  });

  it('ignores unrelated messages', () => {
    const onNavigate = vi.fn();
    const stop = listenToFrames({ onNavigate, onOpen: vi.fn() });
    window.dispatchEvent(new MessageEvent('message', { data: 'hello', origin: ORIGIN }));
    window.dispatchEvent(new MessageEvent('message', { data: { kind: 'zulin:frame-request', id: 1 }, origin: ORIGIN }));
    expect(onNavigate).not.toHaveBeenCalled();
    stop();
  });
});
