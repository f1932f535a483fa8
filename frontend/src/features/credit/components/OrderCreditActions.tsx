'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Select } from '@/components/ui/fields';
import { useAppendCreditRecords, useOpenCreditAccount, useRecordAuthorisation, type OrderCredit, type SignChannel } from '../queries';

const CHANNELS: NonNullable<SignChannel>[] = ['app', 'alipay', 'wechat', 'paper'];

/**
 * What a finance session does for an order's reporting, step by step: record the customer's
 * authorisation, open the D1 account once the lease has started, add the records the bills
 * now call for. The server refuses a step that is not yet allowed (its notice says why).
 */
export function OrderCreditActions({ orderId, credit }: { orderId: number; credit: OrderCredit }) {
  const t = useTranslations('credit.order.actions');
  const [asking, setAsking] = useState<'sign' | 'open' | null>(null);
  const [channel, setChannel] = useState<NonNullable<SignChannel>>('app');
  const sign = useRecordAuthorisation(orderId);
  const open = useOpenCreditAccount(orderId);
  const append = useAppendCreditRecords(orderId);
  const hasOpenAccount = credit.accounts.some((account) => account.state === 'open');
  const close = () => setAsking(null);

  return (
    <div className="flex flex-wrap gap-2">
      {!credit.authorisation && (
        <Button variant="secondary" onClick={() => setAsking('sign')}>
          {t('sign')}
        </Button>
      )}
      {credit.authorisation && credit.accounts.length === 0 && (
        <Button variant="secondary" onClick={() => setAsking('open')}>
          {t('open')}
        </Button>
      )}
      {hasOpenAccount && (
        <Button variant="secondary" loading={append.isPending} onClick={() => append.mutate()}>
          {t('append')}
        </Button>
      )}
      <ConfirmDialog
        open={asking === 'sign'}
        title={t('signTitle')}
        message={t('signMessage')}
        confirmLabel={t('signConfirm')}
        loading={sign.isPending}
        onConfirm={() => sign.mutate(channel, { onSuccess: close })}
        onClose={close}
      >
        <Select label={t('channel')} value={channel} onChange={(event) => setChannel(event.target.value as NonNullable<SignChannel>)}>
          {CHANNELS.map((value) => (
            <option key={value} value={value}>
              {t(`channels.${value}`)}
            </option>
          ))}
        </Select>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'open'}
        title={t('openTitle')}
        message={t('openMessage')}
        confirmLabel={t('openConfirm')}
        loading={open.isPending}
        onConfirm={() => open.mutate(undefined, { onSuccess: close })}
        onClose={close}
      />
    </div>
  );
}
