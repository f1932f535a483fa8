import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, render, settle, withQueryClient } from '@/components/__tests__/render';
import { LegalHoldsSection } from '../LegalHoldsSection';
import { RetentionSection } from '../RetentionSection';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const hold = (id: number, patch: Record<string, unknown>) => ({
  id, customer_id: 7, order_id: null, authority: 'court', authority_label: '人民法院', authority_name: '杭州市西湖区人民法院', reference: '(2026)浙0106民保123号', reason: '诉讼财产保全',
  starts_on: '2026-11-01', ends_on: null, status: 'active', holding: true, recorded_by: '店主', created_at: '2026-11-01T02:00:00Z', lifted_at: null, lifted_by: '', lift_reason: '', ...patch,
});
const classes = (counts: Record<string, number>) =>
  ['restricted_erased', 'expired_anonymised', 'contact_identity', 'id_photos', 'messages'].map((code) => ({ code, label: code, label_en: code, count: counts[code] ?? 0 }));
const years = { transaction_records: 5, messages: 3, request_log: 3 };
const law = { transaction_records: 3, messages: 3, request_log: 3 };

async function mount(node: React.ReactNode, fetchMock: ReturnType<typeof vi.fn>, ready: string) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(node));
  for (let round = 0; round < 10 && !document.querySelector(ready); round += 1) await settle();
  cleanup = view.unmount;
  return view;
}

describe('LegalHoldsSection', () => {
  it('lists each hold with its authority, reference, period and whether it holds, and offers a lift only while active', async () => {
    const rows = [hold(2, {}), hold(1, { status: 'lifted', holding: false, ends_on: '2026-12-31', reference: '(2025)浙01民保9号' })];
    const fetchMock = vi.fn(async (url: string) => (url.includes('/getLegalHolds') ? answer({ total: 2, page: 1, page_size: 20, list: rows }) : answer(null, 404, `unexpected ${url}`)));
    await mount(<LegalHoldsSection />, fetchMock, 'tbody tr, .border-dashed');
    const lines = [...document.querySelectorAll('tbody tr')].map((line) => line.textContent ?? '');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('杭州市西湖区人民法院 (2026)浙0106民保123号');
    expect(lines[0]).toContain('至解除');
    expect(lines[0]).toContain('保全中');
    expect(lines[0]).toContain('解除保全');
    expect(lines[1]).toContain('已解除');
    expect(lines[1]).not.toContain('解除保全');
  });

  it('says there is no hold when none is recorded', async () => {
    await mount(<LegalHoldsSection />, vi.fn(async () => answer({ total: 0, page: 1, page_size: 20, list: [] })), 'tbody tr, .border-dashed');
    expect(document.body.textContent).toContain('暂无依法保全');
  });
});

describe('RetentionSection', () => {
  it('shows the periods beside the law and each night with its counts per class only', async () => {
    const runs = [{ run_on: '2026-11-29', started_at: '2026-11-28T20:30:00Z', finished_at: '2026-11-28T20:30:05Z', runs: 2, counts: classes({ restricted_erased: 1, contact_identity: 1, id_photos: 2 }) }];
    const fetchMock = vi.fn(async (url: string) => (url.includes('/getRetention') ? answer({ years, law_years: law, runs }) : answer(null, 404, `unexpected ${url}`)));
    await mount(<RetentionSection />, fetchMock, 'li');
    const text = document.body.textContent ?? '';
    expect(text).toContain('5 年（法定至少 3 年）');
    expect(text).toContain('限制处理期满删除的客户');
    expect(text).toContain('身份证照片');
    expect(text).not.toContain('短信内容'); // a class with nothing done is not listed
    expect(text).toContain('共执行 2 次');
  });

  it('says no night has run yet, and says so when the load failed', async () => {
    await mount(<RetentionSection />, vi.fn(async () => answer({ years, law_years: law, runs: [] })), '.border-dashed');
    expect(document.body.textContent).toContain('尚未执行过自动清理');
    await cleanup();
    await mount(<RetentionSection />, vi.fn(async () => answer(null, 500, 'down')), '[data-tone], .border-dashed, button');
    for (let round = 0; round < 10 && !(document.body.textContent ?? '').includes('保存期限加载失败'); round += 1) await settle();
    expect(document.body.textContent).toContain('保存期限加载失败');
  });
});
