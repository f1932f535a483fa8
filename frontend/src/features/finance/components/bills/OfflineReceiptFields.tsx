'use client';

import { useState } from 'react';
import { businessDay } from '@/lib/businessTime';
import { Input } from '@/components/ui/Input';
import { SelectField } from '@/components/ui/fields';
import { BANK_REFERENCE_MAX, OFFLINE_CHANNELS, PAYER_NAME_MAX, REMARK_MAX, type OfflineProblem } from '@/features/orders/lib/repayments';
import { useOrderText } from '@/features/orders/components/labels';
import { VoucherPicker, type PickedVoucher } from './VoucherPicker';
import { DateField } from '@/components/ui/DateField';

export interface ReceiptState {
  channel: string;
  paid_on: string;
  payer_name: string;
  bank_reference: string;
  remark: string;
  voucher: PickedVoucher | null;
}

/** The receipt's fields, opened on today's bank transfer. */
export function useReceiptState() {
  return useState<ReceiptState>(() => ({ channel: 'bank_transfer', paid_on: businessDay(), payer_name: '', bank_reference: '', remark: '', voucher: null }));
}

/** The form's values as `offlineDetailsInput` reads them. */
export function receiptForm(state: ReceiptState) {
  return { ...state, voucher_base64: state.voucher?.base64 ?? '' };
}

/** A checked field's message in the reader's language. */
export function useReceiptProblemText() {
  const { t } = useOrderText();
  return (found: OfflineProblem): string => {
    const limits = { payer_name: PAYER_NAME_MAX, bank_reference: BANK_REFERENCE_MAX, remark: REMARK_MAX } as Record<string, number>;
    return t(`repayment.problems.${found.field}.${found.problem}`, { max: limits[found.field] ?? 0 });
  };
}

/**
 * How the customer paid outside the provider: the channel, the day (not in the future), the
 * payer, the bank's reference (a bank transfer needs it), a remark and the voucher picture.
 */
export function OfflineReceiptFields({ state, onChange, errors }: { state: ReceiptState; onChange: (next: ReceiptState) => void; errors: Record<string, string> }) {
  const { t, label } = useOrderText();
  const set = (field: keyof ReceiptState) => (event: { target: { value: string } }) => onChange({ ...state, [field]: event.target.value });
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label={t('repayment.channel')}
          value={state.channel}
          error={errors.channel}
          options={OFFLINE_CHANNELS.map((channel) => ({ value: channel, label: label('repayment.channels', channel) }))}
          onChange={set('channel')}
        />
        <DateField label={t('repayment.paidOn')} max={businessDay()} value={state.paid_on} error={errors.paid_on} onChange={(value) => onChange({ ...state, paid_on: value })} />
        <Input label={t('repayment.payerName')} maxLength={PAYER_NAME_MAX} autoComplete="off" value={state.payer_name} error={errors.payer_name} onChange={set('payer_name')} />
        <Input
          label={state.channel === 'bank_transfer' ? t('repayment.bankReference') : t('repayment.bankReferenceOptional')}
          maxLength={BANK_REFERENCE_MAX}
          autoComplete="off"
          value={state.bank_reference}
          error={errors.bank_reference}
          onChange={set('bank_reference')}
        />
      </div>
      <Input label={t('repayment.remark')} maxLength={REMARK_MAX} autoComplete="off" value={state.remark} error={errors.remark} onChange={set('remark')} />
      <VoucherPicker value={state.voucher} error={errors.voucher_base64} onChange={(voucher) => onChange({ ...state, voucher })} />
    </div>
  );
}
