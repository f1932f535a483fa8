'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailSection } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { Tree } from '@/components/Tree';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useOrderCredit, type CreditRecord } from '../queries';
import { CorrectRecordDialog } from './CorrectRecordDialog';
import { OrderCreditActions } from './OrderCreditActions';
import { CreditRecordTable } from './CreditRecordTable';

/**
 * The order's credit reporting on its detail: the customer's authorisation, the D1 (and C1)
 * accounts, every record with its status code and the bureau's feedback, and the tree of the
 * order's credit file exactly as it is sent; a finance session (`credit.manage`) records the
 * authorisation, opens the account, adds records and corrects them from here.
 */
export function OrderCreditSection({ orderId, canManage }: { orderId: number; canManage: boolean }) {
  const t = useTranslations('credit');
  const credit = useOrderCredit(orderId);
  const [correcting, setCorrecting] = useState<CreditRecord | null>(null);
  let body;
  if (credit.isPending) body = <Spinner label={t('loading')} />;
  else if (credit.isError)
    body = (
      <div className="flex flex-col items-start gap-2 text-sm text-red-700" role="alert">
        {t('loadFailed')}
        <Button variant="secondary" onClick={() => void credit.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  else {
    const data = credit.data;
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {data.authorisation ? t('order.authorised', { no: data.authorisation.sign_no, at: formatDateTime(data.authorisation.signed_at) }) : t('order.notAuthorised')}
        </p>
        {canManage && <OrderCreditActions orderId={orderId} credit={data} />}
        {data.accounts.length === 0 ? (
          <p className="text-sm text-slate-500">{t('order.noAccount')}</p>
        ) : (
          <>
            <ul className="flex flex-wrap gap-2 text-sm">
              {data.accounts.map((account) => (
                <li key={account.account_no} className="rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700">
                  {account.account_type} {account.account_no} · {t(`accountState.${account.state}` as 'accountState.open')}
                </li>
              ))}
            </ul>
            <CreditRecordTable records={data.records} onCorrect={canManage ? setCorrecting : undefined} />
            <div>
              <h3 className="mb-1 text-sm font-semibold text-slate-800">{t('order.file')}</h3>
              <p className="mb-2 break-all font-mono text-xs text-slate-500">SHA-256 {data.sha256}</p>
              <div data-credit-tree className="rounded-md border border-slate-200 p-2">
                <Tree nodes={data.tree} label={t('order.file')} />
              </div>
            </div>
          </>
        )}
      </div>
    );
  }
  return (
    <DetailSection id="order-credit" title={t('order.title')}>
      {body}
      {correcting && <CorrectRecordDialog record={correcting} onClose={() => setCorrecting(null)} />}
    </DetailSection>
  );
}
