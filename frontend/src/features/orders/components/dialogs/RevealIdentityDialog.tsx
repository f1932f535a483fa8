'use client';

import { useState } from 'react';
import { Fact, Facts } from '@/components/DetailSection';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormError } from '@/components/ui/FormError';
import { TextAreaField } from '@/components/ui/fields';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { useRevealIdentity, type CustomerIdentity, type OrderRef } from '../../queries';
import { useOrderText } from '../labels';

/**
 * The customer's full identity (`reveal_identity`, a role with order.identity): asked for on
 * purpose and with a reason (required: each reveal joins the order's timeline and the owner's
 * reveal log with who, when and why); then name, phone, ID number and links to the ID card
 * pictures (valid a few minutes).
 */
export function RevealIdentityDialog({ open, orderRef, onClose }: { open: boolean; orderRef: OrderRef; onClose: () => void }) {
  const { t } = useOrderText();
  const reveal = useRevealIdentity(orderRef);
  const [identity, setIdentity] = useState<CustomerIdentity | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const ask = () => {
    setFailure(null);
    const given = reason.trim();
    if (given.length < 2) {
      setReasonError(t('detail.reveal.reasonRequired'));
      return;
    }
    setReasonError(undefined);
    reveal.mutate(given, {
      onSuccess: setIdentity,
      onError: (error) => {
        const apiError = asApiError(error);
        const fields = apiError ? fieldErrorsOf(apiError) : {};
        if (fields.reason) setReasonError(fields.reason);
        else setFailure(apiError?.isTransport ? t('detail.reveal.transport') : apiError?.message || t('detail.reveal.failed'));
      },
    });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('detail.reveal.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('detail.reveal.close')}
          </Button>
          {!identity && (
            <Button loading={reveal.isPending} onClick={ask}>
              {t('detail.reveal.confirm')}
            </Button>
          )}
        </>
      }
    >
      {identity ? (
        <div data-revealed-identity>
          <Facts>
            <Fact label={t('detail.fields.customerName')}>{identity.name}</Fact>
            <Fact label={t('detail.fields.customerPhone')}>
              <span className="tabular-nums">{identity.phone}</span>
            </Fact>
            <Fact label={t('detail.fields.idNumber')}>
              <span className="tabular-nums">{identity.id_number}</span>
            </Fact>
            <Fact label={t('detail.reveal.idCard')}>
              {identity.id_card_front_url || identity.id_card_back_url ? (
                <span className="flex gap-3">
                  {identity.id_card_front_url && (
                    <a href={identity.id_card_front_url} target="_blank" rel="noreferrer" className="text-brand-600 hover:text-brand-700">
                      {t('detail.reveal.front')}
                    </a>
                  )}
                  {identity.id_card_back_url && (
                    <a href={identity.id_card_back_url} target="_blank" rel="noreferrer" className="text-brand-600 hover:text-brand-700">
                      {t('detail.reveal.back')}
                    </a>
                  )}
                </span>
              ) : (
                t('detail.reveal.noIdCard')
              )}
            </Fact>
          </Facts>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t('detail.reveal.intro')}</p>
          <TextAreaField label={t('detail.reveal.reason')} hint={t('detail.reveal.reasonHint')} value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} error={reasonError} autoFocus />
          {failure && <FormError title={t('detail.reveal.failed')} message={failure} />}
        </div>
      )}
    </Dialog>
  );
}
