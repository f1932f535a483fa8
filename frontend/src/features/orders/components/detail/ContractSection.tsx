'use client';

import { useState } from 'react';
import { DetailSection, Fact, Facts } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { asApiError } from '@/lib/apiError';
import { useContractLink, type OrderDetail, type OrderRef } from '../../queries';
import { useOrderText } from '../labels';

/**
 * The order's contract. Its PDF link is asked for when the person opens it (valid a few
 * minutes, this session only); a blocked pop-up leaves the link on the page instead.
 */
export function ContractSection({ detail, orderRef, canView }: { detail: OrderDetail; orderRef: OrderRef; canView: boolean }) {
  const { t, label } = useOrderText();
  const link = useContractLink(orderRef);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const contract = detail.contract;
  const open = async () => {
    setError(null);
    try {
      const answer = await link.mutateAsync();
      if (!window.open(answer.url, '_blank', 'noopener')) setUrl(answer.url);
    } catch (failure) {
      setError(asApiError(failure)?.message || t('detail.contract.linkFailed'));
    }
  };
  return (
    <DetailSection
      id="order-contract"
      title={t('detail.sections.contract')}
      actions={
        contract &&
        canView && (
          <Button variant="secondary" className="py-1" loading={link.isPending} onClick={() => void open()}>
            {t('detail.contract.view')}
          </Button>
        )
      }
    >
      {!contract ? (
        <p className="text-sm text-slate-500">{t('detail.contract.none')}</p>
      ) : (
        <Facts>
          <Fact label={t('detail.contract.contractNo')}>
            <span className="font-mono">{contract.contract_no}</span>
          </Fact>
          <Fact label={t('detail.contract.status')}>{label('detail.contract.statuses', contract.status)}</Fact>
          <Fact label={t('detail.contract.version')}>{contract.version}</Fact>
          <Fact label={t('detail.contract.createdAt')}>{formatDateTime(contract.created_at)}</Fact>
          <Fact label={t('detail.contract.signedAt')}>{formatDateTime(contract.signed_at)}</Fact>
        </Facts>
      )}
      {url && (
        <a href={url} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block text-sm font-medium text-brand-600 hover:underline">
          {t('detail.contract.view')}
        </a>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </DetailSection>
  );
}
