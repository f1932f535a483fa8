import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { deleteBlocked, OffboardingSection } from '../OffboardingSection';
import type { MerchantOffboarding } from '../../queries';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const STATE: MerchantOffboarding = {
  id: 7,
  status: 'none',
  status_name: '未开始',
  holds: [],
  can_start: true,
  can_delete: false,
  delete_blocked_reason: '须先完成导出',
  requested_by: '',
  requested_at: null,
  export_error: '',
  exported_at: null,
  export_expires_at: null,
  export_sha256: '',
  manifest_sha256: '',
  table_count: 0,
  row_count: 0,
  file_count: 0,
  ledger_balanced: null,
  deleted_at: null,
  deleted_by: '',
  deleted_reason: '',
  certificate_sha256: '',
};
const HELD: MerchantOffboarding = {
  ...STATE,
  can_start: false,
  holds: [
    { code: 'deposit_held', label: '客户押金未退还', label_en: 'deposits owed back to customers', count: 2, amount: '3000.00' },
    { code: 'open_orders', label: '未完结的订单', label_en: 'orders not ended', count: 3, amount: '8400.00' },
  ],
};
const EXPORTED: MerchantOffboarding = {
  ...STATE,
  status: 'exported',
  status_name: '已导出',
  can_delete: true,
  delete_blocked_reason: '',
  exported_at: '2026-11-30T10:00:00+08:00',
  export_expires_at: '2026-12-30T10:00:00+08:00',
  export_sha256: 'a'.repeat(64),
  manifest_sha256: 'b'.repeat(64),
  table_count: 120,
  row_count: 4321,
  file_count: 5,
  ledger_balanced: true,
};

const section = () => document.querySelector<HTMLElement>('section[aria-labelledby="merchant-offboarding"]')!;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

async function mount(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<OffboardingSection merchantId={7} merchantName="退出商户" />));
  cleanup = view.unmount;
  await until(() => Boolean(document.querySelector('[data-offboarding-state]')));
}

describe('offboarding section', () => {
  it('says why the data may not be deleted yet', () => {
    expect(deleteBlocked(STATE)).toBe('notExported');
    expect(deleteBlocked({ ...HELD, status: 'exported' })).toBe('holds');
    expect(deleteBlocked(EXPORTED)).toBeNull();
    expect(deleteBlocked({ ...EXPORTED, status: 'deleted' })).toBe('deleted');
  });

  it('lists what holds the merchant with counts and amounts; export and delete are disabled', async () => {
    await mount(vi.fn(async () => answer(HELD)));
    const text = section().textContent ?? '';
    expect(text).toContain('客户押金未退还：2 笔，¥3,000.00');
    expect(text).toContain('未完结的订单：3 笔，¥8,400.00');
    expect(byText(section(), 'button', '开始导出')!.hasAttribute('disabled')).toBe(true);
    const remove = byText(section(), 'button', '删除商户数据')!;
    expect(remove.hasAttribute('disabled')).toBe(true);
    expect(section().querySelector('[data-delete-blocked]')!.textContent).toBe('须先完成导出');
  });

  it('starts the export when nothing holds it', async () => {
    const fetchMock = vi.fn(async (url: string) => answer(url.includes('startMerchantOffboarding') ? { ...STATE, status: 'requested', can_start: false } : STATE));
    await mount(fetchMock);
    await click(byText(section(), 'button', '开始导出'));
    await until(() => (section().textContent ?? '').includes('正在导出'));
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('startMerchantOffboarding')) as unknown as [string, RequestInit];
    expect(url).toContain('/api/platform/startMerchantOffboarding');
    expect(JSON.parse(String(init.body))).toEqual({ id: 7 });
  });

  it('deletes an exported merchant only with a reason, after confirming', async () => {
    const deleted = { ...EXPORTED, status: 'deleted', deleted_reason: '商户申请退出', certificate_sha256: 'c'.repeat(64) };
    const fetchMock = vi.fn(async (url: string) => answer(url.includes('deleteMerchantData') ? deleted : EXPORTED));
    await mount(fetchMock);
    expect(section().textContent).toContain('120 张表，4321 行，5 个文件');
    expect(section().textContent).toContain('b'.repeat(64));
    await click(byText(section(), 'button', '删除商户数据'));
    await until(() => Boolean(dialog()));
    await click(byText(dialog()!, 'button', '确认删除'));
    await until(() => (dialog()?.textContent ?? '').includes('请填写原因'));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('deleteMerchantData'))).toBe(false);
    await type(dialog()!.querySelector('textarea')!, '商户申请退出');
    await click(byText(dialog()!, 'button', '确认删除'));
    await until(() => (section().textContent ?? '').includes('数据已删除'));
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('deleteMerchantData')) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ id: 7, reason: '商户申请退出' });
    expect(byText(section(), 'button', '查看删除证明')).toBeTruthy();
  });
});
