import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import { AssetListScreen } from '../AssetListScreen';

// The session's actions, its sub-shop, and the URL the filters live in.
const session = vi.hoisted(() => ({ auth: [{ action: 'asset.view' }] as { action: string }[], search: '', ownSubShop: null as { id: number; name: string } | null }));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: 0, auth: session.auth }) }));
vi.mock('@/features/subshops/lib/useSubShopAccess', () => ({ useSubShopAccess: () => ({ canManage: false, ownSubShop: session.ownSubShop }) }));
vi.mock('@/lib/useSearchReplace', async () => (await import('@/components/__tests__/mocks')).searchReplaceMock(session));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);


const unit = (id: number, patch: Record<string, unknown> = {}) => ({
  id, sku_id: 11, sku_name: '256G 黑色', goods_id: 5, goods_name: 'iPhone 15', serial_number: `SN${id}`, imei1: '490154203237518', imei2: '', meid: '', grade: 'new', grade_label: '全新',
  status: 'in_stock', status_label: '在库', sub_shop_id: null, place_name: '总仓', cost: '4999.00', supplier_id: 3, supplier_name: '华强北供应链', receipt_id: 2, acquired_at: '2026-11-20T10:00:00+08:00',
  order_id: null, order_no: '', updated_at: '2026-11-20T10:00:00+08:00', ...patch,
});

const COUNTS = { all: 7, serial_pending: 1, in_stock: 3, in_transit: 0, out_with_customer: 2, returning: 0, received: 0, sold: 0, lost: 1 };

function backend(options: { fail?: boolean; empty?: boolean } = {}) {
  return vi.fn(async (url: string) => {
    if (url.includes('/api/backend/getUnitList')) {
      if (options.fail) return answer(null, 500, 'boom');
      const query = new URL(url, 'http://x').searchParams;
      const status = query.get('status');
      const rows = options.empty ? [] : [unit(1), unit(2, { status: 'lost', status_label: '已丢失' })].filter((row) => !status || row.status === status);
      return answer({ list: rows, total: status ? COUNTS[status as keyof typeof COUNTS] : COUNTS.all, status_counts: COUNTS, status_counts_capped: [] });
    }
    if (url.includes('/api/backend/getSubShopOptions')) return answer([{ id: 7, name: '朝阳门店' }]);
    if (url.includes('/api/backend/getSupplierList')) return answer({ list: [{ id: 3, name: '华强北供应链', contact: '', phone: '', note: '', created_at: '', unit_count: 9 }], total: 1 });
    return answer(null, 404, `unexpected ${url}`);
  });
}

async function mount(fetchMock: ReturnType<typeof backend>, search = '') {
  session.search = search;
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<AssetListScreen />));
  for (let round = 0; round < 10 && !document.querySelector('tbody tr, [role="alert"], .border-dashed'); round += 1) await settle();
  cleanup = view.unmount;
  return view;
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const pills = () => [...document.querySelectorAll('[role="group"] button')].map((button) => button.textContent?.trim());
const listCalls = (fetchMock: ReturnType<typeof backend>) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('getUnitList'));

describe('AssetListScreen', () => {
  it("shows each status tab with the server's count of its list", async () => {
    await mount(backend());
    expect(pills()).toEqual(['全部7', '待录序列号1', '在库3', '调拨中0', '在客户处2', '归还中0', '已收回0', '检测中0', '隔离待解锁0', '维修中0', '已售出0', '已丢失1', '已报废0']);
    expect(document.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('keeps the tab and the filters in the URL and asks the list with them', async () => {
    const fetchMock = backend();
    await mount(fetchMock, 'page=2');
    await click(byText(document, '[role="group"] button', /^已丢失/));
    expect(session.search).toBe('status=lost');
    for (let round = 0; round < 5 && !listCalls(fetchMock).some((url) => url.includes('status=lost')); round += 1) await settle();
    expect(listCalls(fetchMock).at(-1)).toContain('status=lost');
    expect(document.querySelectorAll('tbody tr')).toHaveLength(1);

    const place = [...document.querySelectorAll('select')].find((select) => select.closest('label')?.textContent?.startsWith('位置')) as HTMLSelectElement;
    await act(async () => {
      place.value = 'warehouse';
      place.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(session.search).toBe('status=lost&place=warehouse');
    expect(listCalls(fetchMock).at(-1)).toContain('warehouse=true');

    // A row's SKU narrows the list to it; the filter names the SKU.
    await click(document.querySelector('button[aria-label="只看规格 256G 黑色 的设备"]'));
    expect(session.search).toBe('status=lost&sku_id=11&place=warehouse');
    expect(document.querySelector('[data-sku-filter="11"]')?.textContent).toContain('256G 黑色');
  });

  it('reads a shared link back into the filters', async () => {
    const fetchMock = backend();
    await mount(fetchMock, 'grade=99&supplier_id=3&keyword=SN1');
    const url = listCalls(fetchMock)[0] ?? '';
    expect(url).toContain('grade=99');
    expect(url).toContain('supplier_id=3');
    expect(url).toContain('keyword=SN1');
    expect((document.querySelector('input[type="search"]') as HTMLInputElement).value).toBe('SN1');
  });

  it('says why printing labels is off until devices are selected', async () => {
    await mount(backend());
    const print = byText(document, 'button', '打印标签') as HTMLButtonElement;
    expect(print.disabled).toBe(true);
    expect(document.getElementById(print.getAttribute('aria-describedby') ?? '')?.textContent).toBe('勾选设备后可打印标签');
    await click(document.querySelector('input[aria-label="选择设备 SN1"]'));
    expect(print.disabled).toBe(false);
    expect(document.querySelector('[data-bulk-bar]')?.textContent).toContain('已选 1 台');
  });

  it('shows the empty and the error states', async () => {
    await mount(backend({ empty: true }));
    expect(document.body.textContent).toContain('还没有设备');
    await cleanup();
    await mount(backend({ fail: true }));
    expect(document.body.textContent).toContain('设备列表加载失败');
  });

  it("hides the place filter from a sub-shop's account", async () => {
    session.ownSubShop = { id: 7, name: '朝阳门店' };
    try {
      await mount(backend());
      expect([...document.querySelectorAll('label')].some((label) => label.textContent?.startsWith('位置'))).toBe(false);
    } finally {
      session.ownSubShop = null;
    }
  });
});
