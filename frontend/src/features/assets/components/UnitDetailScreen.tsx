'use client';

import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { Table } from '@/components/data-table/Table';
import type { ColumnDef } from '@/components/data-table/types';
import { DetailError, DetailLoading, DetailSection, Fact, Facts, parseId } from '@/components/DetailSection';
import { formatCurrency, formatDateTime, orDash } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { BackLink, PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { UserText, withUserValues } from '@/components/ui/UserText';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { hasAction } from '@/lib/access';
import { isOrderStatus } from '@/features/orders/lib/stages';
import { type AdjustActionName, isAdjustAction, isSerialAction, isUnitStatus, unitCodes } from '../lib/units';
import { useAdjustUnit, useUnitDetail } from '../queries';
import type { UnitAction, UnitDetail, UnitHistoryEntry, UnitOrder } from '../types';
import { CustomerTodo, InspectionList, WorkOrderList } from './SecondLife';
import { UnitStatusBadge, useGradeName } from './UnitBadges';
import { UnitEarnings } from './UnitEarnings';

const ReasonDialog = lazyDialog(() => import('@/components/ReasonDialog').then((module) => module.ReasonDialog), (props) => props.open);
const RecordSerialDialog = lazyDialog(() => import('./dialogs').then((module) => module.RecordSerialDialog), (props) => props.unit !== null);
const InspectDialog = lazyDialog(() => import('./SecondLife').then((module) => module.InspectDialog), () => true);
const CreateWorkOrderDialog = lazyDialog(() => import('./SecondLife').then((module) => module.CreateWorkOrderDialog), () => true);
const ScrapDialog = lazyDialog(() => import('./SecondLife').then((module) => module.ScrapDialog), () => true);

const LIST = '/assets';

/** One action button: allowed, or disabled with the server's reason beside it. */
function ActionButton({ action, label, danger, onClick }: { action: UnitAction; label: string; danger?: boolean; onClick: () => void }) {
  const whyId = useId();
  if (action.allowed) {
    return (
      <Button variant={danger ? 'danger' : 'secondary'} onClick={onClick} data-unit-action={action.action}>
        {label}
      </Button>
    );
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <Button variant={danger ? 'danger' : 'secondary'} disabled aria-describedby={whyId} title={action.reason_disabled} data-unit-action={action.action}>
        {label}
      </Button>
      <span id={whyId} className="max-w-48 text-xs text-slate-500">
        {action.reason_disabled}
      </span>
    </span>
  );
}

function HistoryTimeline({ entries }: { entries: readonly UnitHistoryEntry[] }) {
  const t = useTranslations('assets.detail');
  const status = useTranslations('assets.status');
  const statusName = (value: string) => (isUnitStatus(value) ? status(value) : value);
  if (entries.length === 0) return <EmptyState title={t('historyEmpty')} />;
  return (
    <ol aria-label={t('sections.history')} className="flex flex-col" data-unit-history>
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="relative min-w-0 border-l-2 border-slate-200 pb-4 pl-4 last:pb-0" data-history-action={entry.action}>
          <span className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-brand-500" aria-hidden="true" />
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-medium text-slate-900">{entry.action_label || entry.action}</span>
            {entry.actor_name && <span className="text-slate-500">{withUserValues((values) => t('by', values), { actor: entry.actor_name })}</span>}
            <time dateTime={entry.at} className="text-xs text-slate-400">
              {formatDateTime(entry.at)}
            </time>
          </div>
          <p className="mt-0.5 text-xs text-slate-600">
            {entry.from_status ? t('statusMove', { from: statusName(entry.from_status), to: statusName(entry.to_status) }) : t('statusNew', { to: statusName(entry.to_status) })}
            {entry.to_place && entry.from_place !== entry.to_place && (
              <span className="ml-2">{withUserValues((values) => (entry.from_place ? t('placeMove', values) : t('placeNew', values)), { from: entry.from_place, to: entry.to_place })}</span>
            )}
          </p>
          {entry.reason && <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">{withUserValues((values) => t('reason', values), { reason: entry.reason })}</p>}
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs">
            {entry.order_id && (
              <Link href={`/orderInfo/${entry.order_id}`} className="text-brand-600 hover:text-brand-700">
                {t('orderLink', { no: entry.order_no ?? `#${entry.order_id}` })}
              </Link>
            )}
            {entry.receipt_id && (
              <Link href={`/stockReceipts?receipt=${entry.receipt_id}`} className="text-brand-600 hover:text-brand-700">
                {t('receiptLink', { id: entry.receipt_id })}
              </Link>
            )}
            {entry.transfer_id && (
              <Link href={`/stockTransfers?transfer=${entry.transfer_id}`} className="text-brand-600 hover:text-brand-700">
                {t('transferLink', { id: entry.transfer_id })}
              </Link>
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The orders the device went out on: when it went and came back, and what each paid. */
function UnitOrders({ orders }: { orders: readonly UnitOrder[] }) {
  const t = useTranslations('assets');
  const orderStatus = useTranslations('order.status');
  // On a phone the dates fold into each order's details line first; what it paid stays.
  const columns = useMemo<ColumnDef<UnitOrder>[]>(
    () => [
      {
        id: 'order',
        header: t('columns.order'),
        cell: ({ row }) => (
          <Link href={`/orderInfo/${row.original.order_id}`} className="font-mono text-brand-600 hover:text-brand-700">
            {row.original.order_no ?? `#${row.original.order_id}`}
          </Link>
        ),
      },
      { id: 'status', header: t('detail.orderStatus'), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.status && isOrderStatus(row.original.status) ? orderStatus(row.original.status) : orDash('')}</span> },
      { id: 'shipped_at', header: t('detail.shippedAt'), meta: { priority: 3 }, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.shipped_at)}</span> },
      { id: 'returned_at', header: t('detail.returnedAt'), meta: { priority: 3 }, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.returned_at)}</span> },
      { id: 'paid', header: t('detail.paid'), meta: { priority: 1 }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.paid)}</span> },
    ],
    [t, orderStatus],
  );
  return <Table compact label={t('detail.sections.orders')} columns={columns} data={orders} getRowId={(order) => String(order.order_id)} />;
}

function UnitView({ unit }: { unit: UnitDetail }) {
  const t = useTranslations('assets');
  const auth = useGlobalState((state) => state.auth);
  const gradeName = useGradeName();
  const adjust = useAdjustUnit();
  const [adjusting, setAdjusting] = useState<Exclude<AdjustActionName, 'scrap'> | null>(null);
  const [recording, setRecording] = useState(false);
  const [dialog, setDialog] = useState<'inspect' | 'repair_start' | 'scrap' | null>(null);
  const canAdjust = hasAction(auth, 'asset.adjust');
  const second = useTranslations('assets.second');
  const earned = useTranslations('assets.earnings');
  // The second life's actions (issue 63) are offered only when they apply; the others say why not.
  const SECOND_LIFE = ['inspect', 'release', 'repair_start', 'scrap'];
  const offered = canAdjust
    ? unit.actions.filter((action) => (SECOND_LIFE.includes(action.action) ? action.allowed : isAdjustAction(action.action) || isSerialAction(action.action)))
    : [];
  const label = (action: string) => (action === 'inspect' || action === 'repair_start' || isAdjustAction(action) ? t(`actions.${action as AdjustActionName | 'inspect' | 'repair_start'}`) : action);
  const onAction = (action: string) => {
    if (isSerialAction(action)) setRecording(true);
    else if (action === 'inspect' || action === 'repair_start' || action === 'scrap') setDialog(action);
    else if (isAdjustAction(action) && action !== 'scrap') setAdjusting(action);
  };
  const codes = unitCodes(unit);
  const title = codes[0] ?? t('unit.noSerial', { id: unit.id });
  const orderNos = useMemo(() => new Map(unit.orders.map((order) => [order.order_id, order.order_no])), [unit.orders]);

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={<BackLink href={LIST}>{t('detail.back')}</BackLink>}
        title={
          <span className="font-mono" translate="no">
            {title}
          </span>
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            <UnitStatusBadge status={unit.status} label={unit.status_label} />
            <UserText>{unit.goods_name}</UserText>
            <span className="text-slate-400">·</span>
            <UserText>{unit.sku_name}</UserText>
          </span>
        }
        actions={
          offered.length > 0 && (
            <div className="flex flex-wrap items-start gap-2" data-unit-actions>
              {offered.map((action) => (
                <ActionButton
                  key={action.action}
                  action={action}
                  label={isSerialAction(action.action) ? t('actions.recordSerial') : label(action.action)}
                  danger={action.action === 'lose' || action.action === 'scrap'}
                  onClick={() => onAction(action.action)}
                />
              ))}
            </div>
          )
        }
      />
      <CustomerTodo todo={unit.customer_todo} />
      <DetailSection id="unit-facts" title={t('detail.sections.device')}>
        <Facts>
          <Fact label={t('unit.serial')}>{unit.serial_number && <span className="font-mono" translate="no">{unit.serial_number}</span>}</Fact>
          <Fact label={t('unit.imei1')}>{unit.imei1 && <span className="font-mono" translate="no">{unit.imei1}</span>}</Fact>
          {unit.imei2 && <Fact label={t('unit.imei2')}><span className="font-mono" translate="no">{unit.imei2}</span></Fact>}
          {unit.meid && <Fact label={t('unit.meid')}><span className="font-mono" translate="no">{unit.meid}</span></Fact>}
          <Fact label={t('columns.grade')}>{gradeName(unit.grade, unit.grade_label)}</Fact>
          <Fact label={t('columns.place')}>{unit.sub_shop_id === null ? t('place.warehouse') : <UserText>{unit.place_name}</UserText>}</Fact>
          <Fact label={t('columns.cost')}>{unit.cost === null ? '' : formatCurrency(unit.cost)}</Fact>
          {unit.cost_basis !== null && unit.cost_basis !== unit.cost && <Fact label={second('columns.cost')}>{second('costBasis', { amount: formatCurrency(unit.cost_basis) })}</Fact>}
          {unit.disposal_value !== null && <Fact label={t('actions.scrap')}>{second('recovered', { amount: formatCurrency(unit.disposal_value) })}</Fact>}
          <Fact label={t('columns.supplier')} userText>
            {unit.supplier_name}
          </Fact>
          <Fact label={t('unit.receipt')}>
            {unit.receipt_id && (
              <Link href={`/stockReceipts?receipt=${unit.receipt_id}`} className="text-brand-600 hover:text-brand-700">
                {t('detail.receiptLink', { id: unit.receipt_id })}
              </Link>
            )}
          </Fact>
          <Fact label={t('unit.acquiredAt')}>{unit.acquired_at ? formatDateTime(unit.acquired_at) : ''}</Fact>
          <Fact label={t('columns.order')}>
            {unit.order_id && (
              <Link href={`/orderInfo/${unit.order_id}`} className="font-mono text-brand-600 hover:text-brand-700">
                {unit.order_no ?? `#${unit.order_id}`}
              </Link>
            )}
          </Fact>
        </Facts>
      </DetailSection>
      <DetailSection id="unit-orders" title={t('detail.sections.orders')}>
        {unit.orders.length === 0 ? (
          <p className="text-sm text-slate-500">{t('detail.noOrders')}</p>
        ) : (
          <UnitOrders orders={unit.orders} />
        )}
      </DetailSection>
      <DetailSection id="unit-earnings" title={earned('section')}>
        <UnitEarnings earnings={unit.earnings} orderNos={orderNos} />
      </DetailSection>
      <DetailSection id="unit-inspections" title={second('sections.inspections')}>
        <InspectionList inspections={unit.inspections} />
      </DetailSection>
      <DetailSection id="unit-work-orders" title={second('sections.workOrders')}>
        <WorkOrderList workOrders={unit.work_orders} canAdjust={canAdjust} />
      </DetailSection>
      <DetailSection id="unit-history" title={t('detail.sections.history')}>
        <HistoryTimeline entries={unit.history} />
      </DetailSection>
      <ReasonDialog
        open={adjusting !== null}
        onClose={() => setAdjusting(null)}
        title={adjusting ? t(`actions.${adjusting}Title`, { code: title }) : ''}
        description={adjusting ? (adjusting === 'restock' && unit.status === 'inspecting' ? t('actions.restockInspectedHint') : t(`actions.${adjusting}Hint`)) : undefined}
        confirmLabel={adjusting ? t(`actions.${adjusting}`) : ''}
        reasonRequired
        danger={adjusting === 'lose'}
        onConfirm={(reason) => adjust.mutateAsync({ unit_id: unit.id, action: adjusting ?? 'lose', reason })}
      />
      <RecordSerialDialog unit={recording ? unit : null} onClose={() => setRecording(false)} />
      {dialog === 'inspect' && <InspectDialog unit={unit} code={title} onClose={() => setDialog(null)} />}
      {dialog === 'repair_start' && <CreateWorkOrderDialog unit={unit} code={title} onClose={() => setDialog(null)} />}
      {dialog === 'scrap' && (
        <ScrapDialog unitId={unit.id} title={t('actions.scrapTitle', { code: title })} hint={t('actions.scrapHint')} confirmLabel={t('actions.scrap')} onConfirm={(body) => adjust.mutateAsync(body)} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

/** /assets/[id]: one device — its codes, cost and supplier, its orders and what each paid, its whole history. */
export function UnitDetailScreen() {
  const t = useTranslations('assets.detail');
  const params = useParams<{ id: string }>();
  const id = parseId(params.id ?? null);
  const detail = useUnitDetail(id);
  if (id === null) return <EmptyState title={t('missingId')} />;
  if (detail.isPending) return <DetailLoading />;
  if (detail.isError) return <DetailError title={t('loadError')} error={detail.error} back={{ href: LIST, label: t('back') }} onRetry={() => void detail.refetch()} />;
  return <UnitView unit={detail.data} />;
}
