import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { expect, vi } from 'vitest';
import messages from '@/i18n/catalogues/zh-CN';

/** Renders a kit piece with the zh-CN catalogue, as the app does; returns its container. */
export async function render(node: ReactNode): Promise<{ container: HTMLDivElement; root: Root; rerender: (next: ReactNode) => Promise<void>; unmount: () => Promise<void> }> {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const wrap = (inner: ReactNode) => (
    <NextIntlClientProvider locale="zh-CN" messages={messages} timeZone="Asia/Shanghai">
      {inner}
    </NextIntlClientProvider>
  );
  await act(async () => root.render(wrap(node)));
  await settle();
  return {
    container,
    root,
    rerender: async (next) => {
      await act(async () => root.render(wrap(next)));
      await settle();
    },
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Lets the pieces loaded on demand (next/dynamic: an opened dialog) arrive and render. */
export async function settle() {
  for (let round = 0; round < 3; round += 1) {
    await act(async () => {
      await vi.dynamicImportSettled();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

export async function click(element: Element | null | undefined) {
  if (!element) throw new Error('nothing to click');
  await act(async () => (element as HTMLElement).click());
  await settle();
}

export function byText(container: ParentNode, selector: string, text: string | RegExp): HTMLElement | undefined {
  return [...container.querySelectorAll<HTMLElement>(selector)].find((element) => (typeof text === 'string' ? element.textContent?.trim() === text : text.test(element.textContent ?? '')));
}

/** `node` inside a fresh query client that does not retry, so a failed call shows its error at once. */
export function withQueryClient(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{node}</QueryClientProvider>;
}

/** The backend's envelope (`{code, msg, data}`, HTTP 200 even for a refusal) as fetch answers it. */
export function answer(data: unknown, code = 200, msg = 'ok'): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Sets a field React controls as typing would: React's own value setter, then an `input` event. */
export async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * Lets the screen settle until `check` holds (at most `rounds` times), then says it must; with
 * `waitMs`, real time passes before each round too (a poll on a timer, a debounced preview).
 */
export async function until(check: () => boolean, { rounds = 30, waitMs = 0 }: { rounds?: number; waitMs?: number } = {}) {
  for (let round = 0; round < rounds && !check(); round += 1) {
    if (waitMs > 0) await act(async () => new Promise((resolve) => setTimeout(resolve, waitMs)));
    await settle();
  }
  expect(check()).toBe(true);
}
