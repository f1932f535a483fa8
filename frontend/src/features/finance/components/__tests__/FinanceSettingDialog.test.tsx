import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { formatDateTime } from '@/components/format';
import { FinanceSettingDialog } from '../FinanceSettingDialog';

const DEFAULTS = { late_fee_rate_early: '0.0500', late_fee_rate_late: '0.1000', reminder_days_before: 3 };
const SHOP = { ...DEFAULTS, late_fee_rate_early: '0.0800', late_fee_tier_days: 15, own: ['late_fee_rate_early'], platform_defaults: DEFAULTS, updated_at: '2026-03-02T09:30:00+08:00' };

function answer(data: unknown, code = 200, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const field = (name: string) => dialog()!.querySelector(`[data-field="${name}"]`) as HTMLElement;
const input = (label: RegExp) => {
  const found = [...dialog()!.querySelectorAll('label')].find((element) => label.test(element.textContent ?? ''));
  return document.getElementById(found!.htmlFor) as HTMLInputElement;
};

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function open(fetchMock: ReturnType<typeof vi.fn>, canEdit: boolean, onClose = vi.fn()) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<FinanceSettingDialog open canEdit={canEdit} onClose={onClose} />));
  cleanup = view.unmount;
  return { view, onClose };
}

describe('FinanceSettingDialog', () => {
  it('shows the rates in force, which are the shop’s own and which the platform’s default', async () => {
    await open(vi.fn(async () => answer(SHOP)), false);
    await until(() => Boolean(dialog()?.querySelector('[data-field]')));
    expect(field('late_fee_rate_early').textContent).toContain('逾期前 15 天日费率');
    expect(field('late_fee_rate_early').textContent).toContain('每天 0.08%');
    expect(field('late_fee_rate_early').textContent).toContain('本店设置');
    expect(field('late_fee_rate_early').textContent).toContain('平台默认：每天 0.05%');
    expect(field('late_fee_rate_late').textContent).toContain('逾期第 16 天起日费率');
    expect(field('late_fee_rate_late').textContent).toContain('每天 0.10%');
    expect(field('late_fee_rate_late').textContent).toContain('平台默认');
    expect(field('reminder_days_before').textContent).toContain('提前 3 天');
    expect(dialog()!.textContent).toContain(`最近修改于 ${formatDateTime(SHOP.updated_at)}`); // in the viewer's time zone
    // Read-only without order.manage: no inputs, no save.
    expect(dialog()!.querySelectorAll('input')).toHaveLength(0);
    expect(byText(dialog()!, 'button', '保存')).toBeUndefined();
  });

  it('says the setting failed to load and loads it again on retry', async () => {
    const replies = [answer(null, 403, '无权限'), answer(SHOP)];
    const fetchMock = vi.fn(async () => replies.shift()!);
    await open(fetchMock, true);
    await until(() => Boolean(dialog()?.querySelector('[role="alert"]')));
    expect(dialog()!.textContent).toContain('违约金设置加载失败');
    await click(byText(dialog()!, 'button', '重试'));
    await until(() => Boolean(dialog()?.querySelector('input')));
  });

  it('saves a changed rate and sends a reset field back to the default as null, every field in the body', async () => {
    const saved = { ...SHOP, late_fee_rate_late: '0.1200', own: ['late_fee_rate_late'] };
    const fetchMock = vi.fn(async (url: string) => answer(url.includes('saveFinanceSetting') ? saved : SHOP));
    const { onClose } = await open(fetchMock, true);
    await until(() => Boolean(dialog()?.querySelector('input')));
    const early = input(/逾期前 15 天日费率/);
    const late = input(/逾期第 16 天起日费率/);
    expect(early.value).toBe('0.08'); // the shop's own value
    expect(late.value).toBe(''); // follows the platform
    expect(late.placeholder).toContain('每天 0.10%');

    await click(byText(dialog()!, 'button', '恢复默认')); // the first enabled reset: the early rate
    expect(early.value).toBe('');
    await type(late, '0.12');
    await click(byText(dialog()!, 'button', '保存'));
    const save = fetchMock.mock.calls.find(([url]) => String(url).includes('saveFinanceSetting')) as unknown as [string, RequestInit];
    expect(JSON.parse(String(save[1].body))).toEqual({ late_fee_rate_early: null, late_fee_rate_late: '0.12', reminder_days_before: null });
    expect(onClose).toHaveBeenCalled();
  });

  it('checks the fields before sending and shows the server’s field errors beside them', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('saveFinanceSetting') ? answer({ fields: { late_fee_rate_late: ['a percent per day from 0 to 5.0000'] } }, 400, '参数错误') : answer(SHOP),
    );
    const { onClose } = await open(fetchMock, true);
    await until(() => Boolean(dialog()?.querySelector('input')));
    await type(input(/逾期前 15 天日费率/), '6');
    await type(input(/到期前短信提醒/), '20');
    await click(byText(dialog()!, 'button', '保存'));
    expect(dialog()!.textContent).toContain('请输入 0–5 之间的费率，最多四位小数');
    expect(dialog()!.textContent).toContain('请输入 0–15 之间的整数');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('saveFinanceSetting'))).toBe(false);

    await type(input(/逾期前 15 天日费率/), '0.06');
    await type(input(/到期前短信提醒/), '2');
    await type(input(/逾期第 16 天起日费率/), '4.9');
    await click(byText(dialog()!, 'button', '保存'));
    expect(dialog()!.textContent).toContain('a percent per day from 0 to 5.0000');
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).toContain('参数错误');
    expect(onClose).not.toHaveBeenCalled();
  });
});
