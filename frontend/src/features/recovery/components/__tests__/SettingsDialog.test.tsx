import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import { SettingsDialog } from '../SettingsDialog';


const SETTING = {
  m1_max_days: 30,
  m2_max_days: 60,
  m3_max_days: 90,
  reminders_per_day: 1,
  write_off_after_days: 180,
  assignment_rule: 'by_sub_shop',
  sub_shop_collectors: [{ sub_shop_id: 1, collector_id: 11 }],
  bucket_templates: [{ bucket: 'M1', template_code: 'overdue_notice' }],
  updated_at: '2026-11-25T10:00:00+08:00',
};

function backend() {
  return vi.fn(async (url: string) => {
    if (url.includes('/api/backend/getRecoverySetting')) return answer(SETTING);
    if (url.includes('/api/backend/getSubShopOptions'))
      return answer([
        { id: 1, name: '城东旗舰店' },
        { id: 2, name: '城西体验店' },
      ]);
    if (url.includes('/api/backend/getRecoveryCollectors'))
      return answer([
        { id: 11, username: 'collector1', name: '褚催收', open_cases: 3, total_owed: '100.00' },
        { id: 12, username: 'collector2', name: '卫催收', open_cases: 2, total_owed: '50.00' },
      ]);
    if (url.includes('/api/backend/saveRecoverySetting')) return answer(SETTING);
    return answer(null, 404, `unexpected ${url}`);
  });
}

const saved = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url]) => String(url).includes('saveRecoverySetting')).map(([, init]) => JSON.parse(String((init as RequestInit).body)));

function selectOf(label: string): HTMLSelectElement {
  const field = [...document.body.querySelectorAll('label')].find((element) => element.textContent === label);
  return document.getElementById(field?.getAttribute('for') ?? '') as HTMLSelectElement;
}

async function choose(label: string, value: string) {
  const select = selectOf(label);
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function open(fetchMock: ReturnType<typeof vi.fn>, canSave = true) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<SettingsDialog open canSave={canSave} onClose={() => undefined} />));
  cleanup = view.unmount;
  await settle();
  await settle();
}

describe('SettingsDialog', () => {
  it('by sub-shop: shows each sub-shop with its collector and saves the ones chosen (none falls back to the round robin)', async () => {
    const fetchMock = backend();
    await open(fetchMock);
    expect(selectOf('城东旗舰店').value).toBe('11');
    expect(selectOf('城西体验店').value).toBe('');
    await choose('城西体验店', '12');
    await choose('城东旗舰店', '');
    await click(byText(document.body, 'button', '保存'));
    await settle();
    expect(saved(fetchMock)).toEqual([
      expect.objectContaining({ assignment_rule: 'by_sub_shop', sub_shop_collectors: [{ sub_shop_id: 2, collector_id: 12 }] }),
    ]);
  });

  it('round robin: the sub-shops are not asked, and their collectors are kept as they were', async () => {
    const fetchMock = backend();
    await open(fetchMock);
    await choose('自动分配规则', 'round_robin');
    expect(document.body.textContent).not.toContain('各子商户的催收员');
    await click(byText(document.body, 'button', '保存'));
    await settle();
    expect(saved(fetchMock)).toEqual([expect.objectContaining({ assignment_rule: 'round_robin', sub_shop_collectors: [{ sub_shop_id: 1, collector_id: 11 }] })]);
  });

  it('is read-only without the right to configure', async () => {
    await open(backend(), false);
    expect(selectOf('城东旗舰店').matches(':disabled')).toBe(true);
    expect(byText(document.body, 'button', '保存')).toBeUndefined();
  });
});
