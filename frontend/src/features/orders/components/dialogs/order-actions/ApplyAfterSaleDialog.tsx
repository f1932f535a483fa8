'use client';

import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { Input } from '@/components/ui/Input';
import { TextAreaField } from '@/components/ui/fields';
import { AFTER_SALE_ERRORS, APPLY_REASON_MAX, applyAfterSaleBody, type ApplyKind, EXTRA_TERM_MAX, EXTRA_TERM_MIN, extraTermProblem } from '../../../lib/afterSale';
import { useApplyAfterSale } from '../../../queries';
import { ReturnQuotePanel } from '../../returns/ReturnQuotePanel';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useDone } from './shared';

/**
 * The shop opens an after-sale business for the customer (who asked by phone or in the shop).
 * A return or an exchange the shop starts is approved as it starts (a return's order is returning
 * at once; an exchange waits for the old device, received by scan, then ships a new one by
 * scan); any other business then waits for approval in the after-sale section like one the
 * customer opened.
 */
export function ApplyAfterSaleDialog({ detail, orderRef, onClose, kind }: OrderActionDialogProps & { kind: ApplyKind }) {
  const { t } = useOrderText();
  const [reason, setReason] = useState('');
  const [extraTerm, setExtraTerm] = useState('');
  const apply = useApplyAfterSale(orderRef);
  const done = useDone();
  const range = { min: EXTRA_TERM_MIN, max: EXTRA_TERM_MAX };
  // The device the customer sends back, by the code a scanner reads (its first IMEI, else its
  // serial number): it is received by the same scan.
  const deviceCode = detail.unit ? detail.unit.imei1 || detail.unit.serial_number : detail.device_serial;
  return (
    <FormDialog
      title={t(`dialogs.apply.${kind}Title`, { orderNo: detail.order_no })}
      description={t(`dialogs.apply.${kind}Hint`)}
      confirmLabel={t(`actions.apply_${kind}`)}
      onClose={onClose}
      validate={() => {
        const problem = kind === 'renewal' ? extraTermProblem(extraTerm) : null;
        return problem ? { extra_term: t(`dialogs.apply.extraTerm.${problem}`, range) } : {};
      }}
      explain={(error) =>
        error.code === AFTER_SALE_ERRORS.alreadyOpen ? t('dialogs.apply.alreadyOpen') : error.code === AFTER_SALE_ERRORS.buyoutNotAllowed ? t('dialogs.apply.buyoutNotAllowed') : undefined
      }
      onSubmit={() => apply.mutateAsync(applyAfterSaleBody(kind, reason, extraTerm)).then(done)}
    >
      {(errors) => (
        <>
          {kind === 'buyout' && (
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm">
              <dt className="text-slate-500">{t('dialogs.apply.buyoutPrice')}</dt>
              <dd className="font-medium text-slate-900">{formatCurrency(detail.buyout_price)}</dd>
              <dt className="text-slate-500">{t('dialogs.apply.owed')}</dt>
              <dd className="text-slate-900">{formatCurrency(detail.bill_totals.owed)}</dd>
              <dd className="col-span-2 text-xs text-slate-500">{t('dialogs.apply.quoteNote')}</dd>
            </dl>
          )}
          {kind === 'return' && <ReturnQuotePanel orderRef={orderRef} mode="return" />}
          {kind === 'exchange' && deviceCode && (
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm">
              <dt className="text-slate-500">{t('dialogs.apply.exchangeDevice')}</dt>
              <dd className="break-all font-mono text-slate-900" data-exchange-device>
                {deviceCode}
              </dd>
            </dl>
          )}
          {kind === 'renewal' && (
            <div>
              <Input
                label={t('dialogs.apply.extraTerm.label')}
                type="number"
                inputMode="numeric"
                min={EXTRA_TERM_MIN}
                max={EXTRA_TERM_MAX}
                step={1}
                value={extraTerm}
                error={errors.extra_term}
                onChange={(event) => setExtraTerm(event.target.value)}
              />
              {!errors.extra_term && <p className="mt-1 text-xs text-slate-500">{t('dialogs.apply.extraTerm.hint', range)}</p>}
            </div>
          )}
          <TextAreaField label={t('dialogs.apply.reason')} value={reason} maxLength={APPLY_REASON_MAX} error={errors.reason} onChange={(event) => setReason(event.target.value)} />
        </>
      )}
    </FormDialog>
  );
}
