import { act, lazy, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deferred } from '@/components/Deferred';
import { render } from './render';

// An IntersectionObserver the test moves: `approach()` brings every observed element near.
let observed: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
class FakeObserver {
  entry: { callback: IntersectionObserverCallback; elements: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, elements: [] };
    observed.push(this.entry);
  }
  observe(element: Element) {
    this.entry.elements.push(element);
  }
  disconnect() {
    observed = observed.filter((entry) => entry !== this.entry);
  }
}
const approach = () =>
  act(async () => {
    for (const entry of observed) entry.callback(entry.elements.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), {} as IntersectionObserver);
  });

let cleanup: (() => Promise<void>) | undefined;
beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
afterEach(async () => {
  await cleanup?.();
  vi.unstubAllGlobals();
  observed = [];
});

describe('Deferred', () => {
  it('keeps the screen around it (and a dialog it holds open) shown while its part loads', async () => {
    let arrive: (module: { Part: () => React.ReactNode }) => void = () => undefined;
    const Part = lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => (arrive = (module) => resolve({ default: module.Part }))));
    const view = await render(
      <Suspense fallback={<p>屏幕等待</p>}>
        <p>订单</p>
        <Deferred idleMs={60_000}>
          <Part />
        </Deferred>
      </Suspense>,
    );
    cleanup = view.unmount;
    await approach();
    expect(view.container.textContent).toBe('订单');
    await act(async () => arrive({ Part: () => <p>公证</p> }));
    expect(view.container.textContent).toBe('订单公证');
  });

  it('renders its part only once the user scrolls near it', async () => {
    const view = await render(<Deferred idleMs={60_000}><p>公证</p></Deferred>);
    cleanup = view.unmount;
    expect(view.container.textContent).toBe('');
    expect(view.container.querySelector('[data-deferred]')).not.toBeNull();
    await approach();
    expect(view.container.textContent).toBe('公证');
    expect(view.container.querySelector('[data-deferred]')).toBeNull();
    expect(observed).toHaveLength(0);
  });

  it('renders it anyway once the screen has shown for a while', async () => {
    const view = await render(<Deferred idleMs={150}><p>征信</p></Deferred>);
    cleanup = view.unmount;
    expect(view.container.textContent).toBe('');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(view.container.textContent).toBe('征信');
  });

  it('renders at once where the browser cannot say what is near', async () => {
    vi.unstubAllGlobals(); // jsdom has none
    expect(typeof IntersectionObserver).toBe('undefined');
    const view = await render(<Deferred><p>时间线</p></Deferred>);
    cleanup = view.unmount;
    expect(view.container.textContent).toBe('时间线');
  });
});
