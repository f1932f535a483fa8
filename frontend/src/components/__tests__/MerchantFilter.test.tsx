import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countActiveFilters } from '../filters/FilterBar';
import { MerchantFilter } from '../filters/MerchantFilter';
import { render, withQueryClient } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

function answer(data: unknown) {
  return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

const MERCHANTS = [
  { id: 1, name: '演示租赁商城' },
  { id: 2, name: 'Acme 数码租赁' },
];

async function renderFilter(node: ReactNode) {
  const fetchMock = vi.fn(async (url: string) => (String(url).includes('/api/platform/getShopSelections') ? answer(MERCHANTS) : answer(null)));
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(node));
  cleanup = view.unmount;
  return { ...view, fetchMock };
}

const shopCalls = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url]) => String(url).includes('getShopSelections'));

describe('MerchantFilter', () => {
  it('is the select named 商户: every merchant after 全部商户, the names marked as user data', async () => {
    const { container } = await renderFilter(<MerchantFilter value={2} onChange={vi.fn()} />);
    const label = container.querySelector('label')!;
    expect(label.firstChild!.textContent).toBe('商户');
    const select = label.querySelector('select')!;
    expect(select.value).toBe('2');
    const options = [...select.options];
    expect(options.map((option) => [option.value, option.textContent])).toEqual([
      ['', '全部商户'],
      ['1', '演示租赁商城'],
      ['2', 'Acme 数码租赁'],
    ]);
    expect(options[0]!.hasAttribute('data-user-text')).toBe(false);
    expect(options[1]!.hasAttribute('data-user-text')).toBe(true);
  });

  it('reports the chosen merchant as a number, and 全部商户 as none', async () => {
    const onChange = vi.fn();
    const { container } = await renderFilter(<MerchantFilter value={undefined} onChange={onChange} />);
    const select = container.querySelector('select')!;
    expect(select.value).toBe('');
    for (const value of ['1', '']) {
      await act(async () => {
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    }
    expect(onChange.mock.calls).toEqual([[1], [undefined]]);
  });

  it('when not enabled calls nothing and still shows the merchant named from the rows', async () => {
    const { container, fetchMock } = await renderFilter(<MerchantFilter enabled={false} value={6} known={{ id: 6, name: '顶点数码' }} onChange={vi.fn()} />);
    expect(shopCalls(fetchMock)).toHaveLength(0);
    const select = container.querySelector('select')!;
    expect([...select.options].map((option) => option.textContent)).toEqual(['全部商户', '顶点数码']);
    expect(select.value).toBe('6');
  });

  it('counts as a filter set on the phone when a merchant is chosen', () => {
    expect(countActiveFilters(<MerchantFilter value={3} onChange={() => undefined} />)).toBe(1);
    expect(countActiveFilters(<MerchantFilter value={undefined} onChange={() => undefined} />)).toBe(0);
  });
});
