import { afterEach, describe, expect, it } from 'vitest';
import messages from '@/i18n/catalogues/en';
import { changeSentences, actionText, reasonText, type HistoryTranslate } from '../history/auditText';
import { HistoryList } from '../history/HistoryList';
import { byText, click, render } from './render';

/** A translator over the en catalogue's kit.history, like next-intl's (enough for these keys). */
function translator(): HistoryTranslate {
  const lookup = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages.kit.history);
  const t = ((key: string, values: Record<string, string | number> = {}) =>
    String(lookup(key) ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))) as HistoryTranslate;
  t.has = (key) => typeof lookup(key) === 'string';
  return t;
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('audit entries as sentences', () => {
  const t = translator();

  it('names fields and values through the catalogue', () => {
    expect(changeSentences(t, { settlement_cycle: 'monthly' }, { settlement_cycle: 'T+7' })).toEqual(['Settlement cycle changed from Monthly to T+7']);
    expect(changeSentences(t, { status: 'active' }, { status: 'closed' })).toEqual(['Status changed from Active to Closed']);
    expect(changeSentences(t, { roles: ['finance'] }, { roles: ['finance', 'auditor'] })).toEqual(['Roles changed from Finance to Finance, Auditor']);
    expect(actionText(t, 'merchant.settlement')).toBe('Settlement terms added');
    expect(reasonText(t, 'onboarded')).toBe('set at onboarding');
    expect(reasonText(t, 'free text from a person')).toBe('free text from a person');
  });

  it('reads nested creations field by field, never as JSON', () => {
    const lines = changeSentences(t, null, { name: 'Acme', settlement: { settlement_cycle: 'monthly', commission_rate: '5.00' } });
    expect(lines).toEqual(['Name: Acme', 'Settlement cycle: Monthly', 'Commission rate: 5.00%']);
    expect(lines.join(' ')).not.toContain('{');
  });

  it('falls back to words for what the catalogue does not know', () => {
    expect(actionText(t, 'billing.write_off')).toBe('Action: billing write off');
    expect(changeSentences(t, { due_day: 3 }, { due_day: 5 })).toEqual(['due day changed from 3 to 5']);
    expect(changeSentences(t, {}, { password: 'changed' })).toEqual(['Password changed']);
  });
});

describe('HistoryList', () => {
  const entries = Array.from({ length: 23 }, (_, index) => ({
    id: index + 1,
    actor: 'admin',
    action: 'merchant.status',
    before: { status: 'active' },
    after: { status: 'frozen' },
    reason: index === 0 ? 'onboarded' : '',
    created_at: '2026-05-01T10:20:00+08:00',
  }));

  it('pages ten entries at a time and reads them in the UI language', async () => {
    const view = await render(<HistoryList entries={entries} label="操作记录" />);
    cleanup = view.unmount;
    const items = () => view.container.querySelectorAll('ol > li');
    expect(items()).toHaveLength(10);
    expect(view.container.textContent).toContain('状态 由 正常 改为 冻结');
    expect(view.container.textContent).toContain('开通商户时设定');
    await click(byText(view.container, 'button', '下一页'));
    expect(items()).toHaveLength(10);
    await click(byText(view.container, 'button', '下一页'));
    expect(items()).toHaveLength(3);
  });

  it('says so when there is nothing', async () => {
    const view = await render(<HistoryList entries={[]} label="操作记录" />);
    cleanup = view.unmount;
    expect(view.container.textContent).toContain('暂无操作记录');
  });
});
