import { amountDirection, formatSignedCurrency } from '../format';

const TONES = { in: 'text-emerald-700', out: 'text-red-700', none: 'text-slate-500' } as const;

/** An income and expense line's amount: "+¥12.50" in green (money in), "-¥3.00" in red (out). */
export function SignedAmount({ amount, className = '' }: { amount: string | number | null | undefined; className?: string }) {
  const direction = amountDirection(amount);
  return (
    <span data-direction={direction} className={`whitespace-nowrap tabular-nums ${TONES[direction]} ${className}`}>
      {formatSignedCurrency(amount)}
    </span>
  );
}
