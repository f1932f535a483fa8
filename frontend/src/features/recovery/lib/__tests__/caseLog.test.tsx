import { useTranslations } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@/components/__tests__/render';
import { caseLog, linkOutcome } from '../recovery';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

function LinkLine({ status, amount, paid }: { status: string; amount: string; paid: string }) {
  const t = useTranslations('recovery');
  return <p>{t('detail.linkLine', { outcome: linkOutcome(status), amount, paid })}</p>;
}

describe("the case's log", () => {
  it('puts the payment links among the contacts, newest first', () => {
    const contacts = [
      { id: 1, contacted_at: '2026-11-20T10:00:00+08:00' },
      { id: 2, contacted_at: '2026-11-22T09:00:00+08:00' },
    ];
    const links = [{ out_trade_no: 'T1', created_at: '2026-11-21T15:30:00+08:00' }];
    expect(caseLog(contacts, links).map((item) => [item.kind, item.at])).toEqual([
      ['contact', '2026-11-22T09:00:00+08:00'],
      ['link', '2026-11-21T15:30:00+08:00'],
      ['contact', '2026-11-20T10:00:00+08:00'],
    ]);
  });

  it('says a link was made and what the customer paid through it', async () => {
    const paid = await render(<LinkLine status="succeeded" amount="¥80.00" paid="¥80.00" />);
    cleanup = paid.unmount;
    expect(paid.container.textContent).toBe('链接已生成 · 客户已付 ¥80.00');
    await paid.rerender(<LinkLine status="processing" amount="¥80.00" paid="" />);
    expect(paid.container.textContent).toBe('链接已生成 · 等待客户付款 ¥80.00');
    await paid.rerender(<LinkLine status="failed" amount="¥80.00" paid="" />);
    expect(paid.container.textContent).toBe('链接已生成 · 客户未付成功');
  });
});
