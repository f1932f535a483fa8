'use client';

import { useState } from 'react';
import { DetailSection, Fact, Facts } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { ReasonDialog } from '@/components/ReasonDialog';
import { Button } from '@/components/ui/Button';
import { useContractLink, type OrderDetail, type OrderRef } from '../../queries';
import { useOrderText } from '../labels';

/**
 * The order's contract. Its PDF shows the lessee's name and whole ID number as signed, so it opens
 * through the reason dialog: the link is asked for with the reason (a reveal in the owner's log,
 * valid a few minutes, this session only); a blocked pop-up leaves the link on the page instead.
 * A refusal (no reason) stays in the dialog beside the field.
 */
export function ContractSection({ detail, orderRef, canView }: { detail: OrderDetail; orderRef: OrderRef; canView: boolean }) {
  const { t, label } = useOrderText();
  const link = useContractLink(orderRef);
  const [url, setUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const contract = detail.contract;
  const open = async (reason: string) => {
    const answer = await link.mutateAsync(reason);
    if (!window.open(answer.url, '_blank', 'noopener')) setUrl(answer.url);
  };
  return (
    <DetailSection
      id="order-contract"
      title={t('detail.sections.contract')}
      actions={
        contract &&
        canView && (
          <Button variant="secondary" className="py-1" onClick={() => setAsking(true)}>
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
      <ReasonDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('detail.contract.reasonTitle')}
        description={t('detail.contract.reasonDescription')}
        confirmLabel={t('detail.contract.reasonConfirm')}
        reasonRequired
        maxLength={200}
        labels={{ reason: t('detail.contract.reasonLabel') }}
        onConfirm={open}
      />
    </DetailSection>
  );
}
