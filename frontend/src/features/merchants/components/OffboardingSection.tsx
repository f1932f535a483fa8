'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailSection, Fact, Facts } from '@/components/DetailSection';
import { ReasonDialog } from '@/components/ReasonDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { formatCurrency, formatDateTime } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { UserText } from '@/components/ui/UserText';
import { useDeleteMerchantData, useDeletionCertificateLink, useMerchantOffboarding, useStartOffboarding, type MerchantOffboarding, type OffboardingHold } from '../queries';

const STATUS_TONE = { none: 'slate', requested: 'sky', exported: 'amber', deleted: 'red' } as const;
const HOLD_CODES = ['deposit_held', 'customer_refunds_payable', 'provider_clearing', 'merchant_cash', 'withdrawals_in_transit', 'risk_prepaid', 'open_orders', 'owing_orders'] as const;

/** Why the data may not be deleted yet, or null when it may (the server checks again). */
export function deleteBlocked(state: MerchantOffboarding): 'deleted' | 'notExported' | 'holds' | null {
  if (state.status === 'deleted') return 'deleted';
  if (state.status !== 'exported') return 'notExported';
  return state.holds.length > 0 ? 'holds' : null;
}

function HoldList({ holds }: { holds: OffboardingHold[] }) {
  const t = useTranslations('merchant.offboarding');
  if (holds.length === 0) return <p className="text-sm text-emerald-700">{t('holdsNone')}</p>;
  return (
    <ul className="flex flex-col gap-1 text-sm text-red-800" aria-label={t('holdsTitle')} data-offboarding-holds>
      {holds.map((hold) => (
        <li key={hold.code}>
          {t('holdRow', {
            label: (HOLD_CODES as readonly string[]).includes(hold.code) ? t(`holds.${hold.code as (typeof HOLD_CODES)[number]}`) : hold.label,
            count: hold.count,
            amount: formatCurrency(hold.amount),
          })}
        </li>
      ))}
    </ul>
  );
}

/** The platform's offboarding of a merchant: what holds it, its export, the deletion and its certificate. */
export function OffboardingSection({ merchantId, merchantName }: { merchantId: number; merchantName: string }) {
  const t = useTranslations('merchant.offboarding');
  const query = useMerchantOffboarding(merchantId);
  const start = useStartOffboarding(merchantId);
  const remove = useDeleteMerchantData(merchantId);
  const certificate = useDeletionCertificateLink();
  const [deleting, setDeleting] = useState(false);
  const [startError, setStartError] = useState<string>();
  if (query.isPending) return <DetailSection id="merchant-offboarding" title={t('title')}><p className="text-sm text-slate-500">{t('loading')}</p></DetailSection>;
  if (query.isError) {
    return (
      <DetailSection id="merchant-offboarding" title={t('title')}>
        <p className="text-sm text-red-700">{t('loadError')}</p>
        <Button variant="secondary" className="mt-2 py-1" onClick={() => void query.refetch()}>{t('retry')}</Button>
      </DetailSection>
    );
  }
  const state = query.data;
  const blocked = deleteBlocked(state);
  const exporting = state.status === 'requested' && !state.export_error;
  const onStart = async () => {
    setStartError(undefined);
    try {
      await start.mutateAsync({ id: merchantId });
    } catch (error) {
      setStartError(error instanceof Error ? error.message : t('failed'));
    }
  };
  const onCertificate = async () => {
    const link = await certificate.mutateAsync(merchantId);
    window.open(link.url, '_blank', 'noopener');
  };
  return (
    <DetailSection id="merchant-offboarding" title={t('title')} actions={<StatusBadge tone={STATUS_TONE[state.status]}>{t(`status.${state.status}`)}</StatusBadge>}>
      <div className="flex flex-col gap-4" data-offboarding-state={state.status}>
        {state.status !== 'deleted' && (
          <div>
            <h3 className="mb-1 text-xs font-semibold text-slate-500">{t('holdsTitle')}</h3>
            <HoldList holds={state.holds} />
          </div>
        )}
        {state.export_error && <p className="text-sm text-red-700">{t('exportError', { error: state.export_error })}</p>}
        {state.exported_at && (
          <Facts>
            <Fact label={t('exportedAt')}>{formatDateTime(state.exported_at)}</Fact>
            <Fact label={t('expiresAt')}>{formatDateTime(state.export_expires_at)}</Fact>
            <Fact label={t('contents')}>{t('contentsValue', { tables: state.table_count, rows: state.row_count, files: state.file_count })}</Fact>
            <Fact label={t('ledger')}>{state.ledger_balanced ? t('ledgerBalanced') : t('ledgerUnbalanced')}</Fact>
            <Fact label={t('manifestHash')}><span className="font-mono text-xs break-all">{state.manifest_sha256}</span></Fact>
            <Fact label={t('exportHash')}><span className="font-mono text-xs break-all">{state.export_sha256}</span></Fact>
          </Facts>
        )}
        {state.status === 'deleted' && (
          <Facts>
            <Fact label={t('deletedAt')}>{formatDateTime(state.deleted_at)}</Fact>
            <Fact label={t('deletedBy')}><UserText>{state.deleted_by}</UserText></Fact>
            <Fact label={t('deletedReason')}><UserText>{state.deleted_reason}</UserText></Fact>
            <Fact label={t('certificateHash')}><span className="font-mono text-xs break-all">{state.certificate_sha256}</span></Fact>
          </Facts>
        )}
        {state.status !== 'deleted' && <p className="text-xs text-slate-500">{t('ownerDownloads')}</p>}
        {startError && <p role="alert" className="text-sm text-red-700">{startError}</p>}
        <div className="flex flex-wrap items-center gap-2">
          {(state.status === 'none' || state.status === 'exported' || state.export_error) && (
            <Button variant="secondary" disabled={!state.can_start && !state.export_error} loading={start.isPending} onClick={() => void onStart()}>
              {state.status === 'none' ? t('start') : t('startAgain')}
            </Button>
          )}
          {exporting && <span className="text-sm text-slate-500">{t('exporting')}</span>}
          {state.status !== 'deleted' && (
            <Button variant="danger" disabled={blocked !== null} title={blocked ? t(`deleteBlocked.${blocked}`) : undefined} onClick={() => setDeleting(true)}>
              {t('delete')}
            </Button>
          )}
          {blocked && blocked !== 'deleted' && <span className="text-xs text-slate-500" data-delete-blocked>{t(`deleteBlocked.${blocked}`)}</span>}
          {state.status === 'deleted' && (
            <Button variant="secondary" loading={certificate.isPending} onClick={() => void onCertificate()}>
              {t('certificate')}
            </Button>
          )}
        </div>
      </div>
      <ReasonDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('deleteTitle', { name: merchantName })}
        description={t('deleteDescription')}
        confirmLabel={t('deleteConfirm')}
        reasonRequired
        danger
        maxLength={300}
        onConfirm={(reason) => remove.mutateAsync({ id: merchantId, reason })}
      />
    </DetailSection>
  );
}
