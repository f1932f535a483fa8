import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { OverdueLadderDialog } from '../OverdueLadderDialog';

const step = (position: number, days: number, action: string, more: Record<string, unknown> = {}) => ({ position, days_past_due: days, action, min_amount: null, min_bills: null, params: {}, ...more });
const DEFAULT_STEPS = [
  step(1, 1, 'reminder', { params: { template: 'bill_overdue', channel: 'sms' } }),
  step(2, 1, 'withhold_retry'),
  step(3, 1, 'late_fee_on'),
  step(4, 1, 'recovery_case'),
  step(5, 1, 'bureau_report'),
];
const DEFAULT = { version: 1, is_default: true, updated_at: null, steps: DEFAULT_STEPS, default_steps: DEFAULT_STEPS };
const OWN = { ...DEFAULT, version: 2, is_default: false, updated_at: '2026-11-20T10:00:00+08:00', steps: [step(1, 1, 'late_fee_on'), step(2, 10, 'recovery_case', { min_amount: '100.00', min_bills: 2 })] };
const TWO_REMINDERS = { ...OWN, steps: [step(1, 1, 'reminder', { params: { template: 'bill_overdue', channel: 'sms' } }), step(2, 5, 'reminder', { params: { channel: 'webhook' } })] };

function answer(data: unknown, code = 200, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const control = (label: RegExp) => {
  const found = [...dialog()!.querySelectorAll('label')].find((element) => label.test(element.textContent ?? ''));
  return document.getElementById(found!.htmlFor) as HTMLInputElement & HTMLSelectElement;
};

/** Picks an option of a select as a person does (React hears a select's `change`). */
async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function open(fetchMock: ReturnType<typeof vi.fn>, canEdit: boolean, onClose = vi.fn()) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<OverdueLadderDialog open canEdit={canEdit} onClose={onClose} />));
  cleanup = view.unmount;
  return { view, onClose };
}

describe('OverdueLadderDialog', () => {
  it('reads the shop’s own ladder step by step, without inputs for a reader', async () => {
    await open(vi.fn(async () => answer(OWN)), false);
    await until(() => Boolean(dialog()?.querySelector('[data-step]')));
    const steps = [...dialog()!.querySelectorAll('[data-step]')].map((row) => row.textContent);
    expect(steps[0]).toContain('逾期满 1 天');
    expect(steps[0]).toContain('开始计收违约金');
    expect(steps[1]).toContain('逾期满 10 天');
    expect(steps[1]).toContain('逾期金额至少 ¥100.00');
    expect(steps[1]).toContain('至少 2 期');
    expect(steps[1]).toContain('催收立案');
    expect(dialog()!.textContent).toContain('本店阶梯（第 2 版）');
    expect(dialog()!.textContent).toContain('报送前告知不影响征信逾期记录的报送');
    expect(dialog()!.querySelectorAll('input')).toHaveLength(0);
    expect(byText(dialog()!, 'button', '保存')).toBeUndefined();
  });

  it('moves the recovery case to day 10 and saves every step in order', async () => {
    const fetchMock = vi.fn(async (url: string) => answer(url.includes('saveOverdueLadder') ? OWN : DEFAULT));
    const { onClose } = await open(fetchMock, true);
    await until(() => Boolean(dialog()?.querySelector('input')));
    expect(dialog()!.textContent).toContain('默认阶梯');
    await click(dialog()!.querySelector('button[aria-label="删除第 5 步"]'));
    await type(control(/第 4 步：逾期天数/), '10');
    await type(control(/第 4 步：最低金额/), '100');
    await click(byText(dialog()!, 'button', '保存'));
    const save = fetchMock.mock.calls.find(([url]) => String(url).includes('saveOverdueLadder')) as unknown as [string, RequestInit];
    const body = JSON.parse(String(save[1].body));
    expect(body.steps.map((s: { days_past_due: number; action: string }) => [s.days_past_due, s.action])).toEqual([
      [1, 'reminder'],
      [1, 'withhold_retry'],
      [1, 'late_fee_on'],
      [10, 'recovery_case'],
    ]);
    expect(body.steps[3]).toMatchObject({ min_amount: '100', min_bills: null, params: {} });
    expect(body.steps[0].params).toEqual({ template: 'bill_overdue', channel: 'sms' });
    expect(onClose).toHaveBeenCalled();
  });

  it('checks the order of days before sending and shows the server’s field errors beside the step', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('saveOverdueLadder') ? answer({ fields: { 'steps.1.action': ['a violation needs a notice step at least the grace (7 days) earlier'] } }, 400, '参数错误') : answer(OWN),
    );
    const { onClose } = await open(fetchMock, true);
    await until(() => Boolean(dialog()?.querySelector('input')));
    await type(control(/第 2 步：逾期天数/), '0');
    await click(byText(dialog()!, 'button', '保存'));
    expect(dialog()!.textContent).toContain('步骤应按逾期天数从小到大排列');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('saveOverdueLadder'))).toBe(false);

    await type(control(/第 2 步：逾期天数/), '5');
    await click(byText(dialog()!, 'button', '保存'));
    expect(dialog()!.textContent).toContain('a violation needs a notice step at least the grace (7 days) earlier');
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).toContain('参数错误');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('brings the default ladder back into the form', async () => {
    await open(vi.fn(async () => answer(OWN)), true);
    await until(() => Boolean(dialog()?.querySelector('input')));
    expect(dialog()!.querySelectorAll('[data-row]')).toHaveLength(2);
    await click(byText(dialog()!, 'button', '恢复默认阶梯'));
    expect(dialog()!.querySelectorAll('[data-row]')).toHaveLength(5);
    expect(control(/第 5 步：动作/).value).toBe('bureau_report');
  });

  it('shows each reminder step’s channel to a reader', async () => {
    await open(vi.fn(async () => answer(TWO_REMINDERS)), false);
    await until(() => Boolean(dialog()?.querySelector('[data-step]')));
    const steps = [...dialog()!.querySelectorAll('[data-step]')].map((row) => row.textContent);
    expect(steps[0]).toContain('发送逾期提醒');
    expect(steps[0]).toContain('经短信');
    expect(steps[1]).toContain('经Webhook（order.overdue_step 事件）');
  });

  it('sends a second reminder by webhook and shows the server’s channel error beside it', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('saveOverdueLadder') ? answer({ fields: { 'steps.1.channel': ['the channel is sms, webhook or both'] } }, 400, '参数错误') : answer(TWO_REMINDERS),
    );
    await open(fetchMock, true);
    await until(() => Boolean(dialog()?.querySelector('input')));
    expect(control(/第 1 步：提醒渠道/).value).toBe('sms');
    expect(control(/第 2 步：提醒渠道/).value).toBe('webhook');
    await choose(control(/第 2 步：提醒渠道/), 'both');
    await click(byText(dialog()!, 'button', '保存'));
    const save = fetchMock.mock.calls.find(([url]) => String(url).includes('saveOverdueLadder')) as unknown as [string, RequestInit];
    const body = JSON.parse(String(save[1].body));
    expect(body.steps[0].params).toEqual({ template: 'bill_overdue', channel: 'sms' });
    expect(body.steps[1].params).toEqual({ channel: 'both' });
    expect(dialog()!.textContent).toContain('the channel is sms, webhook or both');
    // A step that is not a reminder has no channel
    await choose(control(/第 2 步：动作/), 'recovery_case');
    expect(dialog()!.textContent).not.toContain('第 2 步：提醒渠道');
  });
});
