import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, click, render, until, withQueryClient } from '@/components/__tests__/render';
import { RequestFailedError } from '@/lib/query';
import { quietGet, useListRead } from '../reads';

const notices = vi.hoisted(() => [] as unknown[]);
vi.mock('@/lib/notice', async (original) => (await import('@/components/__tests__/mocks')).noticeMock(notices, await original()));

afterEach(() => {
  notices.length = 0;
});

const PATH = '/api/finance/withdrawList';

function page(number: number, total: number) {
  return { list: [], total, total_capped: false, page: number, page_size: 20 };
}

/** A list screen's read: its page number in state, what it shows for each state of the read. */
function Withdrawals() {
  const [number, setNumber] = useState(1);
  const read = useListRead(['reads-test', number], PATH, { page: number });
  const shown = read.isError ? 'error' : read.data ? `page ${read.data.page} of ${read.data.total}${read.isPlaceholderData ? ' (previous)' : ''}` : 'loading';
  return (
    <>
      <p>{shown}</p>
      <button onClick={() => setNumber(number + 1)}>next</button>
    </>
  );
}

describe('useListRead', () => {
  it('keeps the page shown while the next one loads, then shows the next', async () => {
    let release: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(async (url: string) => {
      if (String(url).includes('page=2')) return new Promise<Response>((resolve) => (release = resolve));
      return answer(page(1, 41));
    });
    vi.stubGlobal('fetch', fetchMock);
    const view = await render(withQueryClient(<Withdrawals />));
    await until(() => view.container.textContent!.startsWith('page 1 of 41'));

    await click(view.container.querySelector('button'));
    expect(view.container.querySelector('p')!.textContent).toBe('page 1 of 41 (previous)');
    release(answer(page(2, 41)));
    await until(() => view.container.querySelector('p')!.textContent === 'page 2 of 41');
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams.get('page'))).toEqual(['1', '2']);
    await view.unmount();
  });

  it('shows a refusal as the screen error, with no notice of the request layer on top', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(null, 403, '无权访问')));
    const view = await render(withQueryClient(<Withdrawals />));
    await until(() => view.container.querySelector('p')!.textContent === 'error');
    expect(notices).toEqual([]);
    await view.unmount();
  });
});

describe('quietGet', () => {
  it('answers the data, and throws for React Query when the call failed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(page(3, 60))));
    await expect(quietGet(PATH, { page: 3 })()).resolves.toEqual(page(3, 60));
    vi.stubGlobal('fetch', vi.fn(async () => answer(null, 500, 'x')));
    await expect(quietGet(PATH, { page: 3 })()).rejects.toBeInstanceOf(RequestFailedError);
    expect(notices).toEqual([]);
  });
});
