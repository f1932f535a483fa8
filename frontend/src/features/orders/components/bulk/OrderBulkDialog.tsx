'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { ReasonDialog } from '@/components/ReasonDialog';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { SelectField } from '@/components/ui/fields';
import { ApiError, asApiError, fieldErrorsOf } from '@/lib/apiError';
import { notify } from '@/lib/notice';
import { RequestFailure } from '@/lib/request';
import { bulkFailureOutcome, orderIds, type BulkAction } from '../../lib/orderBulk';
import { useAllocateOrders, useAllocateOrdersToSubShop, useAssignees, useCloseOrders, useSubShopChoices, type OrderRow } from '../../queries';

export interface OrderBulkDialogProps {
  action: BulkAction | null;
  orders: readonly OrderRow[];
  onClose: () => void;
  /** The change went through: the bar clears the selection. */
  onDone: () => void;
}

type Translate = ReturnType<typeof useTranslations<'orderBulk'>>;

/** How many order numbers a dialog names before "and N more". */
const NAMED = 5;

/** The dialog of one bulk action (loaded with the first press of any). */
export function OrderBulkDialog(props: OrderBulkDialogProps) {
  switch (props.action) {
    case 'allocate':
      return <AllocateDialog {...props} />;
    case 'allocate_sub_shop':
      return <SubShopDialog {...props} />;
    case 'close':
      return <CloseDialog {...props} />;
    default:
      return null;
  }
}

function OrderNumbers({ orders }: { orders: readonly OrderRow[] }) {
  const t = useTranslations('orderBulk');
  const named = orders.slice(0, NAMED).map((order) => order.order_no);
  return (
    <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
      {t('orders', { orderNos: named.join(t('separator')) })}
      {orders.length > named.length && ` ${t('more', { count: orders.length })}`}
    </p>
  );
}

/** A refusal in the person's words: the server's reason, and that no order changed. */
function failureText(t: Translate, error: unknown): string {
  const apiError = asApiError(error);
  if (!apiError || bulkFailureOutcome(apiError.code) === 'unknown') return t('noAnswer');
  return t('nothingChanged', { reason: apiError.message });
}

function useDone(onDone: () => void) {
  return (key: 'allocated' | 'movedToSubShop' | 'closed', count: number) => {
    notify({ kind: 'success', message: { key: `orderBulk.${key}`, values: { count } } });
    onDone();
  };
}

/** A small form dialog: fields, the failure above the buttons, closes only once the change is made. */
function BulkFormDialog({ title, confirmLabel, busy, failure, onClose, onSubmit, children }: { title: string; confirmLabel: string; busy: boolean; failure: string | null; onClose: () => void; onSubmit: () => void; children: ReactNode }) {
  const t = useTranslations('orderBulk');
  return (
    <FormFrameDialog
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={t('cancel')}
      failedLabel={t('failed')}
      busy={busy}
      failure={failure}
      width={480}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      {children}
    </FormFrameDialog>
  );
}

function AllocateDialog({ orders, onClose, onDone }: OrderBulkDialogProps) {
  const t = useTranslations('orderBulk');
  const [role, setRole] = useState<'auditor' | 'salesman'>('auditor');
  const [accountId, setAccountId] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const people = useAssignees(role);
  const allocate = useAllocateOrders();
  const done = useDone(onDone);

  const submit = () => {
    setFailure(null);
    if (!accountId) {
      setFieldError(t('choosePerson'));
      return;
    }
    setFieldError(undefined);
    allocate.mutate(
      { ids: orderIds(orders), account_id: Number(accountId) },
      {
        onSuccess: (answer) => done('allocated', answer.count),
        onError: (error) => {
          const fields = asApiError(error) ? fieldErrorsOf(asApiError(error)!) : {};
          if (fields.account_id) setFieldError(fields.account_id);
          setFailure(failureText(t, error));
        },
      },
    );
  };

  return (
    <BulkFormDialog title={t('allocateTitle', { count: orders.length })} confirmLabel={t('confirm')} busy={allocate.isPending} failure={failure} onClose={onClose} onSubmit={submit}>
      <OrderNumbers orders={orders} />
      <SelectField
        label={t('role')}
        value={role}
        onChange={(event) => {
          setRole(event.target.value as 'auditor' | 'salesman');
          setAccountId('');
        }}
        options={(['auditor', 'salesman'] as const).map((value) => ({ value, label: t(`roles.${value}`) }))}
      />
      <SelectField
        label={t('person')}
        value={accountId}
        disabled={people.isPending}
        error={fieldError ?? (people.isError ? t('optionsError') : people.data?.length === 0 ? t('noPeople') : undefined)}
        onChange={(event) => setAccountId(event.target.value)}
        options={[{ value: '', label: people.isPending ? t('loadingOptions') : t('choosePerson') }, ...(people.data ?? []).map((person) => ({ value: String(person.id), label: `${person.name} (${person.username})` }))]}
      />
    </BulkFormDialog>
  );
}

function SubShopDialog({ orders, onClose, onDone }: OrderBulkDialogProps) {
  const t = useTranslations('orderBulk');
  const shops = useSubShopChoices();
  const [subShopId, setSubShopId] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const allocate = useAllocateOrdersToSubShop();
  const done = useDone(onDone);

  const submit = () => {
    setFailure(null);
    if (!subShopId) {
      setFieldError(t('chooseSubShop'));
      return;
    }
    setFieldError(undefined);
    allocate.mutate(
      { ids: orderIds(orders), sub_shop_id: Number(subShopId) },
      {
        onSuccess: (answer) => done('movedToSubShop', answer.count),
        onError: (error) => {
          const fields = asApiError(error) ? fieldErrorsOf(asApiError(error)!) : {};
          if (fields.sub_shop_id) setFieldError(fields.sub_shop_id);
          setFailure(failureText(t, error));
        },
      },
    );
  };

  return (
    <BulkFormDialog title={t('subShopTitle', { count: orders.length })} confirmLabel={t('confirm')} busy={allocate.isPending} failure={failure} onClose={onClose} onSubmit={submit}>
      <OrderNumbers orders={orders} />
      <SelectField
        label={t('subShop')}
        value={subShopId}
        disabled={shops.isPending}
        error={fieldError ?? (shops.isError ? t('optionsError') : shops.data?.length === 0 ? t('noSubShops') : undefined)}
        onChange={(event) => setSubShopId(event.target.value)}
        options={[{ value: '', label: shops.isPending ? t('loadingOptions') : t('chooseSubShop') }, ...(shops.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name, userText: true }))]}
      />
    </BulkFormDialog>
  );
}

function CloseDialog({ orders, onClose, onDone }: OrderBulkDialogProps) {
  const t = useTranslations('orderBulk');
  const close = useCloseOrders();
  const done = useDone(onDone);
  const named = orders.slice(0, NAMED).map((order) => order.order_no);
  const more = orders.length > named.length ? ` ${t('more', { count: orders.length })}` : '';
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t('closeTitle', { count: orders.length })}
      description={`${t('orders', { orderNos: named.join(t('separator')) })}${more} ${t('closeHint')}`}
      confirmLabel={t('actions.close')}
      reasonRequired
      danger
      maxLength={300}
      labels={{ reason: t('closeReason') }}
      onConfirm={async (reason) => {
        try {
          const answer = await close.mutateAsync({ ids: orderIds(orders), reason });
          done('closed', answer.count);
        } catch (error) {
          // The kit dialog shows an ApiError's message (or its field error beside the reason).
          const apiError = asApiError(error);
          throw new ApiError(new RequestFailure(apiError?.code ?? 0, failureText(t, error), apiError?.failure.data ?? null));
        }
      }}
    />
  );
}
