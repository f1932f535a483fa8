/** What the order's action dialogs share: their props, the success notice, an amount field. */
import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { notify } from '@/lib/notice';
import type { OrderButton } from '../../../lib/actions';
import { notAbove, parseMoneyInput } from '../../../lib/money';
import type { OrderDetail, OrderRef } from '../../../queries';
import { useOrderText } from '../../labels';

/** What every dialog gets from the order's screen (each dialog reads what it needs). */
export interface OrderActionDialogProps {
  button: OrderButton | null;
  detail: OrderDetail;
  orderRef: OrderRef;
  onClose: () => void;
  /** The order left the lists (deleted): the screen goes back to its list. */
  onDeleted: () => void;
}

export function useDone() {
  const { t } = useOrderText();
  return () => notify({ kind: 'success', message: { raw: t('dialogs.done') } });
}

/** An amount field: empty allowed when `optional`, else a positive two-place amount at most `max` (null: no cap). */
export function useAmount(max: string | null, optional: boolean) {
  const { t } = useOrderText();
  const [text, setText] = useState('');
  const check = (): string | undefined => {
    if (text.trim() === '') return optional ? undefined : t('dialogs.amountRequired');
    const amount = parseMoneyInput(text);
    if (amount === null) return t('dialogs.amountInvalid');
    if (max !== null && !notAbove(amount, max)) return t('dialogs.amountTooHigh', { max: formatCurrency(max) });
    return undefined;
  };
  /** The amount to send: a decimal string, or undefined for "all of it". */
  const value = () => (text.trim() === '' ? undefined : (parseMoneyInput(text) ?? undefined));
  return { text, setText, check, value };
}
