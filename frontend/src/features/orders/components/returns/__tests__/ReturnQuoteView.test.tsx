import { describe, expect, it } from 'vitest';
import { render } from '@/components/__tests__/render';
import type { ReturnQuote } from '../../../queries';
import { ReturnQuoteView } from '../ReturnQuotePanel';

const BASE = {
  order_id: 7,
  return_date: '2026-03-10',
  lease_start: '2026-01-01',
  lease_end: '2026-12-31',
  min_term: 6,
  min_term_end: '2026-06-30',
  before_min_term: false,
  fee_mode: 'none',
  fee_value: '0',
  bills_owed: '0.00',
  bills_owed_count: 0,
  rent_cancelled: '0.00',
  bills_cancelled_count: 0,
  termination_fee: '0.00',
  damage_amount: '0.00',
  charges_owed: '0.00',
  total_owed: '0.00',
  deposit_available: '0.00',
  deposit_applied: '0.00',
  deposit_thawed: '0.00',
  owed_after_deposit: '0.00',
  lines: [],
} as unknown as ReturnQuote;

const stat = (container: HTMLElement, id: string) => container.querySelector(`[data-stat="${id}"] dd`)?.textContent;

describe('ReturnQuoteView', () => {
  it('shows an early-termination fee with why: before the minimum term, until when, by which rule', async () => {
    const quote = {
      ...BASE,
      before_min_term: true,
      fee_mode: 'rate',
      fee_value: '0.2000',
      bills_owed: '1237.00',
      bills_owed_count: 1,
      rent_cancelled: '11133.00',
      bills_cancelled_count: 9,
      termination_fee: '2226.60',
      charges_owed: '2226.60',
      total_owed: '3463.60',
      deposit_available: '500.00',
      deposit_applied: '500.00',
      owed_after_deposit: '2963.60',
      lines: [
        { kind: 'lease', period: 3, due_date: '2026-03-01', amount: '1237.00', from_deposit: '500.00', left_owed: '737.00' },
        { kind: 'termination', period: null, due_date: null, amount: '2226.60', from_deposit: '0.00', left_owed: '2226.60' },
      ],
    } as ReturnQuote;
    const { container, unmount } = await render(<ReturnQuoteView quote={quote} mode="return" />);
    expect(stat(container, 'billsOwed')).toBe('¥1,237.00');
    expect(stat(container, 'rentCancelled')).toBe('¥11,133.00');
    expect(stat(container, 'terminationFee')).toBe('¥2,226.60');
    expect(stat(container, 'depositApplied')).toBe('¥500.00');
    expect(stat(container, 'owedAfterDeposit')).toBe('¥2,963.60');
    expect(container.querySelector('[data-stat="rentCancelled"] dt')?.textContent).toBe('取消的后续租金（9 期）');
    expect(container.querySelector('[data-testid="return-quote-fee"]')?.textContent).toBe('未满最短租期 6 期（至 2026-06-30 结束）即退租，按取消租金的 20%收取提前退租违约金。');
    expect(container.querySelector('[data-testid="return-quote-split"]')?.textContent).toBe('押金抵扣 ¥500.00，其余 ¥2,963.60 作为欠款由客户另行支付');
    const lines = [...container.querySelectorAll('li')].map((line) => line.textContent);
    expect(lines).toEqual(['第 3 期2026-03-01¥1,237.00押金抵 ¥500.00仍欠 ¥737.00', '提前退租违约金¥2,226.60仍欠 ¥2,226.60']);
    await unmount();
  });

  it('shows no fee after the minimum term', async () => {
    const { container, unmount } = await render(<ReturnQuoteView quote={{ ...BASE, before_min_term: false }} mode="return" />);
    expect(container.querySelector('[data-testid="return-quote-fee"]')).toBeNull();
    expect(stat(container, 'terminationFee')).toBe('¥0.00');
    await unmount();
  });

  it('splits damage above the deposit: the deposit covers part, the rest stays owed', async () => {
    const quote = {
      ...BASE,
      damage_amount: '800.00',
      charges_owed: '800.00',
      total_owed: '800.00',
      deposit_available: '300.00',
      deposit_applied: '300.00',
      owed_after_deposit: '500.00',
      lines: [{ kind: 'damage', period: null, due_date: null, amount: '800.00', from_deposit: '300.00', left_owed: '500.00' }],
    } as ReturnQuote;
    const { container, unmount } = await render(<ReturnQuoteView quote={quote} mode="inspect" />);
    expect(stat(container, 'damage')).toBe('¥800.00');
    expect(stat(container, 'depositAvailable')).toBe('¥300.00');
    expect(stat(container, 'depositApplied')).toBe('¥300.00');
    expect(stat(container, 'owedAfterDeposit')).toBe('¥500.00');
    expect(container.querySelector('[data-testid="return-quote-split"]')?.textContent).toBe('押金抵扣 ¥300.00，其余 ¥500.00 作为欠款由客户另行支付');
    expect(container.querySelector('[data-stat="billsOwed"]')).toBeNull();
    await unmount();
  });

  it('says the deposit settles damage it covers, and what is thawed', async () => {
    const quote = { ...BASE, damage_amount: '100.00', total_owed: '100.00', deposit_available: '300.00', deposit_applied: '100.00', deposit_thawed: '200.00' } as ReturnQuote;
    const { container, unmount } = await render(<ReturnQuoteView quote={quote} mode="inspect" />);
    expect(container.querySelector('[data-testid="return-quote-split"]')?.textContent).toBe('押金抵扣 ¥100.00 即可结清，剩余押金 ¥200.00 解冻');
    await unmount();
  });
});
