'use client';

import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/DataTable';
import type { ColumnDef } from '@/components/data-table/types';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { storeUrl } from '../lib/onboardingRules';
import { allowedTransitions, canEditMerchant, isMerchantStatus, MERCHANT_STATUS_TONE, type StatusTransition } from '../lib/status';
import { useMerchantInfo, useUpdateMerchantStatus, type MerchantInfo, type SettlementTerms } from '../queries';
import { HistoryList } from '@/components/history/HistoryList';
import { BackLink, PageHeader } from '@/components/PageHeader';
import { DetailError, DetailLoading, DetailSection, Fact, Facts, parseId } from '@/components/DetailSection';
import { ReasonDialog } from '@/components/ReasonDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { formatDateTime } from '@/components/format';
import { USER_TEXT, UserText } from '@/components/ui/UserText';
import { cycleName } from './merchant-table/columns';
import { OffboardingSection } from './OffboardingSection';

// Dialogs load when first opened (see lazyDialog).
const AddSettlementDialog = lazyDialog(() => import('./AddSettlementDialog').then((module) => module.AddSettlementDialog), (props) => props.open);
const MerchantEditDialog = lazyDialog(() => import('./MerchantEditDialog').then((module) => module.MerchantEditDialog), (props) => props.open);
const WebhookNetworksDialog = lazyDialog(() => import('./WebhookNetworksDialog').then((module) => module.WebhookNetworksDialog), (props) => props.open);

function MerchantStatusBadge({ status }: { status: string }) {
  const t = useTranslations('merchant.status');
  return isMerchantStatus(status) ? <StatusBadge tone={MERCHANT_STATUS_TONE[status]}>{t(status)}</StatusBadge> : <>{status}</>;
}

/** Every settlement terms the merchant had, the current ones marked (the kit's table). */
function SettlementHistory({ info }: { info: MerchantInfo }) {
  const t = useTranslations('merchant');
  const currentId = info.settlement?.id;
  const columns = useMemo<ColumnDef<SettlementTerms>[]>(
    () => [
      {
        id: 'effective',
        header: t('settlement.effective'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatDateTime(row.original.created_at)}
            {row.original.id === currentId && <span className="ml-2 text-xs text-brand-700">{t('settlement.current')}</span>}
          </span>
        ),
      },
      { id: 'commission_rate', header: t('fields.commissionRate'), cell: ({ row }) => <span className="tabular-nums">{t('rateValue', { rate: String(row.original.commission_rate) })}</span> },
      { id: 'settlement_cycle', header: t('fields.settlementCycle'), cell: ({ row }) => cycleName(t, row.original.settlement_cycle) },
      {
        id: 'bank_account',
        header: t('fields.bankAccount'),
        cell: ({ row }) => (
          <>
            <UserText>{row.original.bank_name}</UserText> · <UserText>{row.original.account_name}</UserText> · <span className="font-mono">{row.original.account_number}</span>
          </>
        ),
      },
      { id: 'created_by', header: t('settlement.createdBy'), cell: ({ row }) => <UserText>{row.original.created_by}</UserText> },
    ],
    [t, currentId],
  );
  return (
    <DataTable
      label={t('settlement.history')}
      columns={columns}
      rows={info.settlement_history}
      getRowId={(terms) => String(terms.id)}
      rowTone={(terms) => (terms.id === currentId ? 'bg-brand-50/40' : undefined)}
      isPending={false}
      isError={false}
      onRetry={() => undefined}
      errorTitle=""
      empty={null}
    />
  );
}

function SettlementSection({ info }: { info: MerchantInfo }) {
  const t = useTranslations('merchant');
  const [adding, setAdding] = useState(false);
  const current = info.settlement;
  const editable = canEditMerchant(info.merchant.status);
  return (
    <DetailSection
      id="merchant-settlement"
      title={t('settlement.title')}
      actions={editable && <Button variant="secondary" className="py-1" onClick={() => setAdding(true)}>{t('settlement.add')}</Button>}
    >
      {current ? (
        <Facts>
          <Fact label={t('fields.commissionRate')}>{t('rateValue', { rate: String(current.commission_rate) })}</Fact>
          <Fact label={t('fields.settlementCycle')}>{cycleName(t, current.settlement_cycle)}</Fact>
          <Fact label={t('fields.bankName')}><UserText>{current.bank_name}</UserText></Fact>
          <Fact label={t('fields.accountName')}><UserText>{current.account_name}</UserText></Fact>
          <Fact label={t('fields.accountNumber')}>
            <span className="font-mono">{current.account_number}</span>
          </Fact>
          <Fact label={t('settlement.since')}>
            {formatDateTime(current.created_at)} · <UserText>{current.created_by}</UserText>
          </Fact>
        </Facts>
      ) : (
        <EmptyState title={t('settlement.none')} />
      )}
      {info.settlement_history.length > 1 && (
        <div className="mt-5">
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('settlement.history')}</h3>
          <SettlementHistory info={info} />
        </div>
      )}
      <AddSettlementDialog merchantId={info.merchant.id} current={current} open={adding} onClose={() => setAdding(false)} />
    </DetailSection>
  );
}

/** The private ranges the platform lets this merchant's webhooks reach (an on-premise receiver). */
function WebhookNetworksSection({ info }: { info: MerchantInfo }) {
  const t = useTranslations('merchant.webhookNetworks');
  const [editing, setEditing] = useState(false);
  const networks = info.webhook_networks;
  return (
    <DetailSection
      id="merchant-webhook-networks"
      title={t('title')}
      actions={canEditMerchant(info.merchant.status) && <Button variant="secondary" className="py-1" onClick={() => setEditing(true)}>{t('edit')}</Button>}
    >
      {networks.length === 0 ? (
        <p className="text-sm text-slate-500">{t('none')}</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label={t('title')}>
          {networks.map((network) => (
            <li key={network} className="font-mono text-sm text-slate-900">{network}</li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-slate-500">{t('hint')}</p>
      {info.webhook_loopback_allowed && (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-800" data-webhook-loopback>
          {t('loopback')}
        </p>
      )}
      <WebhookNetworksDialog merchantId={info.merchant.id} networks={networks} open={editing} onClose={() => setEditing(false)} />
    </DetailSection>
  );
}

/** The merchant's status changes read as the audit trail does ("状态 由 正常 改为 冻结"), paginated. */
function StatusHistory({ info }: { info: MerchantInfo }) {
  const t = useTranslations('merchant');
  const entries = info.status_history.map((change) => ({
    id: change.id,
    actor: change.actor,
    action: 'merchant.status',
    before: change.from_status ? { status: change.from_status } : null,
    after: { status: change.to_status },
    reason: change.reason,
    created_at: change.created_at,
  }));
  if (entries.length === 0) return <p className="text-sm text-slate-500">{t('statusHistory.empty')}</p>;
  return <HistoryList entries={entries} label={t('statusHistory.title')} />;
}

function StatusActions({ info }: { info: MerchantInfo }) {
  const t = useTranslations('merchant');
  const change = useUpdateMerchantStatus();
  const [pending, setPending] = useState<StatusTransition | null>(null);
  const transitions = allowedTransitions(info.merchant.status);
  if (transitions.length === 0) return <p className="text-sm text-slate-500">{t('detail.closedFinal')}</p>;
  return (
    <>
      {transitions.map((transition) => (
        <Button key={transition.action} variant={transition.destructive ? (transition.action === 'close' ? 'danger' : 'secondary') : 'primary'} onClick={() => setPending(transition)}>
          {t(`transitions.${transition.action}.button`)}
        </Button>
      ))}
      {pending && (
        <ReasonDialog
          open
          onClose={() => setPending(null)}
          title={t(`transitions.${pending.action}.title`, { name: info.merchant.name })}
          description={t(`transitions.${pending.action}.description`)}
          confirmLabel={t(`transitions.${pending.action}.confirm`)}
          reasonRequired={pending.needsReason}
          danger={pending.destructive}
          onConfirm={(reason) => change.mutateAsync({ id: info.merchant.id, status: pending.to, reason })}
        />
      )}
    </>
  );
}

function Detail({ info }: { info: MerchantInfo }) {
  const t = useTranslations('merchant');
  const [editing, setEditing] = useState(false);
  const { merchant, owner } = info;
  const location = typeof window === 'undefined' ? { protocol: 'http:', port: '' } : window.location;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={<BackLink href="/merchant">{t('detail.back')}</BackLink>}
        title={<UserText>{merchant.name}</UserText>}
        description={
          <span className="flex items-center gap-2">
            <MerchantStatusBadge status={merchant.status} />
            <span className="font-mono text-xs text-slate-500" {...USER_TEXT}>{merchant.slug}</span>
          </span>
        }
        actions={<StatusActions info={info} />}
      />
      {merchant.status !== 'active' && merchant.status !== 'pending' && (
        <div role="note" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t(`detail.unavailable.${merchant.status === 'closed' ? 'closed' : 'frozen'}`)}
        </div>
      )}
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-3">
        <div className="flex flex-col gap-5 xl:col-span-2">
          <DetailSection
            id="merchant-profile"
            title={t('detail.profile')}
            actions={canEditMerchant(merchant.status) && <Button variant="secondary" className="py-1" onClick={() => setEditing(true)}>{t('detail.edit')}</Button>}
          >
            <Facts>
              <Fact label={t('fields.name')}><UserText>{merchant.name}</UserText></Fact>
              <Fact label={t('fields.slug')}>
                <span className="font-mono" {...USER_TEXT}>{merchant.slug}</span>
              </Fact>
              <Fact label={t('fields.status')}>
                <MerchantStatusBadge status={merchant.status} />
              </Fact>
              <Fact label={t('fields.contactName')}><UserText>{merchant.contact_name}</UserText></Fact>
              <Fact label={t('fields.contactPhone')}>{merchant.contact_phone}</Fact>
              <Fact label={t('fields.createdAt')}>{formatDateTime(merchant.created_at)}</Fact>
            </Facts>
          </DetailSection>
          <SettlementSection info={info} />
          <DetailSection id="merchant-audit" title={t('audit.title')}>
            <HistoryList entries={info.audit} label={t('audit.title')} />
          </DetailSection>
        </div>
        <div className="flex flex-col gap-5">
          <DetailSection id="merchant-owner" title={t('detail.owner')}>
            {owner ? (
              <dl className="flex flex-col gap-3">
                <Fact label={t('fields.ownerUsername')}>
                  <span className="font-mono" {...USER_TEXT}>{owner.username}</span>
                </Fact>
                <Fact label={t('fields.ownerName')}><UserText>{owner.name}</UserText></Fact>
                <Fact label={t('fields.ownerPhone')}>{owner.phone}</Fact>
                <Fact label={t('detail.ownerState')}>{owner.is_active ? t('detail.ownerActive') : t('detail.ownerInactive')}</Fact>
                <Fact label={t('detail.lastLogin')}>{formatDateTime(owner.last_login_at)}</Fact>
              </dl>
            ) : (
              <p className="text-sm text-slate-500">{t('detail.noOwner')}</p>
            )}
          </DetailSection>
          <DetailSection id="merchant-domains" title={t('detail.domains')}>
            {info.domains.length === 0 ? (
              <p className="text-sm text-slate-500">{t('detail.noDomains')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {info.domains.map((domain) => (
                  <li key={domain.domain} className="flex items-center justify-between gap-2 text-sm">
                    <a href={storeUrl(domain.domain, location)} target="_blank" rel="noreferrer" className="truncate font-mono text-brand-600 hover:underline" {...USER_TEXT}>
                      {domain.domain}
                    </a>
                    {domain.is_primary && <StatusBadge tone="sky">{t('detail.primary')}</StatusBadge>}
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>
          <DetailSection id="merchant-status-history" title={t('statusHistory.title')}>
            <StatusHistory info={info} />
          </DetailSection>
          <WebhookNetworksSection info={info} />
          <OffboardingSection merchantId={merchant.id} merchantName={merchant.name} />
        </div>
      </div>
      <MerchantEditDialog merchant={merchant} open={editing} onClose={() => setEditing(false)} />
    </div>
  );
}

export function MerchantDetailScreen() {
  const t = useTranslations('merchant');
  const id = parseId(useSearchParams().get('id'));
  const info = useMerchantInfo(id);
  if (id === null) return <EmptyState title={t('detail.missingId')} action={<BackLink href="/merchant">{t('detail.back')}</BackLink>} />;
  if (info.isPending) return <DetailLoading />;
  if (info.isError) return <DetailError title={t('detail.loadError')} error={info.error} back={{ href: '/merchant', label: t('detail.back') }} onRetry={() => void info.refetch()} />;
  return <Detail info={info.data} />;
}
