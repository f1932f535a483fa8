'use client';

import { useLocale } from 'next-intl';
import { useState } from 'react';
import { ReasonDialog } from '@/components/ReasonDialog';
import { formatCurrency } from '@/components/format';
import { Input } from '@/components/ui/Input';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { notify } from '@/lib/notice';
import type { OrderButton } from '../../lib/actions';
import { applyKindOf, openAfterSale } from '../../lib/actions';
import { AFTER_SALE_ERRORS, APPLY_REASON_MAX, applyAfterSaleBody, EXTRA_TERM_MAX, EXTRA_TERM_MIN, extraTermProblem, type ApplyKind } from '../../lib/afterSale';
import { newIdempotencyKey } from '../../lib/idempotency';
import { notAbove, parseMoneyInput, remainder } from '../../lib/money';
import {
  useAllocateOrder,
  useAllocateToSubShop,
  useApplyAfterSale,
  useAssignees,
  useAuditOrder,
  useCloseOrder,
  useConfirmDelivery,
  useDealAfterSale,
  useDeleteOrder,
  useDepositThaw,
  useDepositTransfer,
  useExpressCompanies,
  useRefreshContract,
  useRefundShippingFee,
  useRejectReasons,
  useShipOrder,
  useSubShopChoices,
  type OrderDetail,
  type OrderRef,
} from '../../queries';
import { offlineRepayableBill } from '../../lib/repayments';
import { useDebouncedValue } from '../../lib/returns';
import { EarlySettlementDialog } from '../bills/EarlySettlementDialog';
import { OfflineRepaymentDialog } from '../bills/OfflineRepaymentDialog';
import { ReturnQuotePanel } from '../returns/ReturnQuotePanel';
import { useOrderText } from '../labels';
import { FormDialog } from './FormDialog';

export interface OrderActionDialogProps {
  button: OrderButton | null;
  detail: OrderDetail;
  orderRef: OrderRef;
  onClose: () => void;
  /** The order left the lists (deleted): the screen goes back to its list. */
  onDeleted: () => void;
}

function useDone() {
  const { t } = useOrderText();
  return () => notify({ kind: 'success', message: { raw: t('dialogs.done') } });
}

/**
 * The dialog of one action button of the order's screen (loaded when a button is first
 * pressed). Money calls carry one idempotency key per opening of the dialog.
 */
export function OrderActionDialog(props: OrderActionDialogProps) {
  switch (props.button) {
    case 'audit_pass':
    case 'audit_refuse':
      return <AuditDialog {...props} passed={props.button === 'audit_pass'} />;
    case 'ship':
    case 'update_express':
      return <ExpressDialog {...props} update={props.button === 'update_express'} />;
    case 'deliver':
      return <DeliverDialog {...props} />;
    case 'close':
    case 'platform_close':
      return <CloseDialog {...props} platform={props.button === 'platform_close'} />;
    case 'delete':
      return <DeleteDialog {...props} />;
    case 'allocate':
      return <AllocateDialog {...props} />;
    case 'allocate_sub_shop':
      return <SubShopDialog {...props} />;
    case 'refresh_contract':
      return <RefreshContractDialog {...props} />;
    case 'deposit_thaw':
      return <ThawDialog {...props} />;
    case 'offline_repayment':
      return <OfflineRepaymentDialog bill={offlineRepayableBill(props.detail.actions, props.detail.bills)} orderRef={props.orderRef} onClose={props.onClose} />;
    case 'early_settlement':
      return <EarlySettlementDialog open orderRef={props.orderRef} onClose={props.onClose} />;
    case 'deposit_transfer':
      return <TransferDialog {...props} />;
    case 'refund_shipping_fee':
      return <RefundFeeDialog {...props} />;
    case 'after_sale_approve':
      return <ApproveDialog {...props} />;
    case 'after_sale_reject':
      return <RejectDialog {...props} />;
    case 'return_receive':
      return <ReceiveDialog {...props} />;
    case 'inspect':
      return <InspectDialog {...props} />;
    case 'apply_return':
    case 'apply_buyout':
    case 'apply_renewal':
    case 'apply_refund':
      return <ApplyAfterSaleDialog {...props} kind={applyKindOf(props.button) ?? 'return'} />;
    default:
      return null;
  }
}

function AuditDialog({ detail, orderRef, onClose, passed }: OrderActionDialogProps & { passed: boolean }) {
  const { t } = useOrderText();
  const audit = useAuditOrder(orderRef);
  const done = useDone();
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t(passed ? 'dialogs.auditPassTitle' : 'dialogs.auditRefuseTitle', { orderNo: detail.order_no })}
      description={t(passed ? 'dialogs.auditPassHint' : 'dialogs.auditRefuseHint')}
      confirmLabel={t(passed ? 'actions.audit_pass' : 'actions.audit_refuse')}
      reasonRequired={!passed}
      danger={!passed}
      maxLength={300}
      onConfirm={(reason) => audit.mutateAsync({ passed, reason }).then(done)}
    />
  );
}

function CloseDialog({ detail, orderRef, onClose, platform }: OrderActionDialogProps & { platform: boolean }) {
  const { t } = useOrderText();
  const close = useCloseOrder(orderRef);
  const done = useDone();
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t(platform ? 'dialogs.platformCloseTitle' : 'dialogs.closeTitle', { orderNo: detail.order_no })}
      description={t(platform ? 'dialogs.platformCloseHint' : 'dialogs.closeHint')}
      confirmLabel={t(platform ? 'actions.platform_close' : 'actions.close')}
      reasonRequired
      danger
      maxLength={300}
      onConfirm={(reason) => close.mutateAsync(reason).then(done)}
    />
  );
}

function DeleteDialog({ detail, orderRef, onClose, onDeleted }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const remove = useDeleteOrder(orderRef);
  return (
    <FormDialog title={t('dialogs.deleteTitle', { orderNo: detail.order_no })} description={t('dialogs.deleteHint')} confirmLabel={t('actions.delete')} danger onClose={onClose} onSubmit={() => remove.mutateAsync().then(onDeleted)}>
      {() => null}
    </FormDialog>
  );
}

function DeliverDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const deliver = useConfirmDelivery(orderRef);
  const done = useDone();
  return (
    <FormDialog title={t('dialogs.deliverTitle')} description={t('dialogs.deliverHint')} confirmLabel={t('actions.deliver')} onClose={onClose} onSubmit={() => deliver.mutateAsync().then(done)}>
      {() => null}
    </FormDialog>
  );
}

function RefreshContractDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const refresh = useRefreshContract(orderRef);
  const done = useDone();
  return (
    <FormDialog title={t('dialogs.refreshContractTitle')} description={t('dialogs.refreshContractHint')} confirmLabel={t('actions.refresh_contract')} onClose={onClose} onSubmit={() => refresh.mutateAsync().then(done)}>
      {() => null}
    </FormDialog>
  );
}

function ExpressDialog({ detail, orderRef, onClose, update }: OrderActionDialogProps & { update: boolean }) {
  const { t } = useOrderText();
  const locale = useLocale();
  const companies = useExpressCompanies();
  const ship = useShipOrder(orderRef, update);
  const done = useDone();
  const last = update ? detail.shipments.filter((shipment) => shipment.direction === 'out').at(-1) : undefined;
  const [company, setCompany] = useState(last?.company_code ?? '');
  const [trackingNo, setTrackingNo] = useState(last?.tracking_no ?? '');
  const [serial, setSerial] = useState(last?.device_serial ?? detail.device_serial ?? '');
  const lease = detail.kind === 'lease';
  return (
    <FormDialog
      title={t(update ? 'dialogs.updateExpressTitle' : 'dialogs.shipTitle', { orderNo: detail.order_no })}
      confirmLabel={update ? t('dialogs.save') : t('actions.ship')}
      onClose={onClose}
      validate={() => ({
        ...(company ? {} : { company_code: t('dialogs.chooseCompany') }),
        ...(trackingNo.trim() ? {} : { tracking_no: t('dialogs.trackingNoRequired') }),
        ...(lease && !serial.trim() ? { device_serial: t('dialogs.serialRequired') } : {}),
      })}
      onSubmit={() => ship.mutateAsync({ company_code: company, tracking_no: trackingNo.trim(), device_serial: serial.trim() }).then(done)}
    >
      {(errors) => (
        <>
          <SelectField
            label={t('dialogs.company')}
            value={company}
            error={errors.company_code ?? (companies.isError ? t('dialogs.optionsError') : undefined)}
            onChange={(event) => setCompany(event.target.value)}
            options={[{ value: '', label: t('dialogs.chooseCompany') }, ...(companies.data ?? []).map((item) => ({ value: item.code, label: locale === 'en' ? item.name_en : item.name }))]}
          />
          <Input label={t('dialogs.trackingNo')} value={trackingNo} maxLength={40} error={errors.tracking_no} onChange={(event) => setTrackingNo(event.target.value)} />
          <Input label={t('dialogs.serial')} value={serial} maxLength={64} error={errors.device_serial} onChange={(event) => setSerial(event.target.value)} />
          {lease && <p className="-mt-2 text-xs text-slate-500">{t('dialogs.serialHint')}</p>}
        </>
      )}
    </FormDialog>
  );
}

function AllocateDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const [role, setRole] = useState<'auditor' | 'salesman'>('auditor');
  const [accountId, setAccountId] = useState('');
  const people = useAssignees(role);
  const allocate = useAllocateOrder(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.allocateTitle')}
      confirmLabel={t('dialogs.confirm')}
      onClose={onClose}
      validate={() => (accountId ? {} : { account_id: t('dialogs.choosePerson') })}
      onSubmit={() => allocate.mutateAsync(Number(accountId)).then(done)}
    >
      {(errors) => (
        <>
          <SelectField
            label={t('dialogs.allocateRole')}
            value={role}
            onChange={(event) => {
              setRole(event.target.value as 'auditor' | 'salesman');
              setAccountId('');
            }}
            options={(['auditor', 'salesman'] as const).map((value) => ({ value, label: t(`dialogs.roles.${value}`) }))}
          />
          <SelectField
            label={t('dialogs.person')}
            value={accountId}
            error={errors.account_id ?? (people.isError ? t('dialogs.optionsError') : people.data?.length === 0 ? t('dialogs.noPeople') : undefined)}
            onChange={(event) => setAccountId(event.target.value)}
            options={[{ value: '', label: t('dialogs.choosePerson') }, ...(people.data ?? []).map((person) => ({ value: String(person.id), label: `${person.name} (${person.username})` }))]}
          />
        </>
      )}
    </FormDialog>
  );
}

function SubShopDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const shops = useSubShopChoices();
  const [subShopId, setSubShopId] = useState('');
  const allocate = useAllocateToSubShop(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.allocateSubShopTitle')}
      confirmLabel={t('dialogs.confirm')}
      onClose={onClose}
      validate={() => (subShopId ? {} : { sub_shop_id: t('dialogs.chooseSubShop') })}
      onSubmit={() => allocate.mutateAsync(Number(subShopId)).then(done)}
    >
      {(errors) => (
        <SelectField
          label={t('list.subShop')}
          value={subShopId}
          error={errors.sub_shop_id ?? (shops.isError ? t('dialogs.optionsError') : shops.data?.length === 0 ? t('dialogs.noSubShops') : undefined)}
          onChange={(event) => setSubShopId(event.target.value)}
          options={[{ value: '', label: t('dialogs.chooseSubShop') }, ...(shops.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name, userText: true }))]}
        />
      )}
    </FormDialog>
  );
}

/** An amount field: empty allowed when `optional`, else a positive two-place amount at most `max` (null: no cap). */
function useAmount(max: string | null, optional: boolean) {
  const { t } = useOrderText();
  const [text, setText] = useState('');
  const check = (): string | undefined => {
    if (text.trim() === '') return optional ? undefined : t('dialogs.amountRequired');
    const amount = parseMoneyInput(text);
    if (amount === null) return t('dialogs.amountInvalid');
    if (max !== null && !notAbove(amount, max)) return t('dialogs.amountTooHigh', { max: formatCurrency(max) });
    return undefined;
  };
  /** The amount to send: a decimal string, or undefined for "all of it". */
  const value = () => (text.trim() === '' ? undefined : (parseMoneyInput(text) ?? undefined));
  return { text, setText, check, value };
}

function ThawDialog({ detail, orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const remaining = detail.deposit_detail.remaining;
  const amount = useAmount(remaining, true);
  const [key] = useState(() => newIdempotencyKey('thaw'));
  const thaw = useDepositThaw(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.thawTitle')}
      description={t('dialogs.thawHint', { remaining: formatCurrency(remaining) })}
      confirmLabel={t('actions.deposit_thaw')}
      onClose={onClose}
      validate={() => {
        const error = amount.check();
        return error ? { amount: error } : {};
      }}
      onSubmit={() => thaw.mutateAsync({ amount: amount.value(), idempotency_key: key }).then(done)}
    >
      {(errors) => <Input label={t('dialogs.amountOptional')} inputMode="decimal" value={amount.text} error={errors.amount} onChange={(event) => amount.setText(event.target.value)} />}
    </FormDialog>
  );
}

function TransferDialog({ detail, orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const remaining = detail.deposit_detail.remaining;
  const [purpose, setPurpose] = useState<'bills' | 'damage'>('bills');
  // Bills: omit to cover what it can; damage: the amount charged.
  const amount = useAmount(remaining, purpose === 'bills');
  const [key] = useState(() => newIdempotencyKey('transfer'));
  const transfer = useDepositTransfer(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.transferTitle')}
      description={t('dialogs.transferHint', { remaining: formatCurrency(remaining) })}
      confirmLabel={t('actions.deposit_transfer')}
      onClose={onClose}
      validate={() => {
        const error = amount.check();
        return error ? { amount: error } : {};
      }}
      onSubmit={() => transfer.mutateAsync({ purpose, amount: amount.value(), idempotency_key: key }).then(done)}
    >
      {(errors) => (
        <>
          <SelectField
            label={t('dialogs.purpose')}
            value={purpose}
            onChange={(event) => setPurpose(event.target.value as 'bills' | 'damage')}
            options={(['bills', 'damage'] as const).map((value) => ({ value, label: t(`dialogs.purposes.${value}`) }))}
          />
          <Input label={purpose === 'bills' ? t('dialogs.amountOptional') : t('dialogs.amount')} inputMode="decimal" value={amount.text} error={errors.amount} onChange={(event) => amount.setText(event.target.value)} />
        </>
      )}
    </FormDialog>
  );
}

function RefundFeeDialog({ detail, orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const left = remainder(detail.shipping_fee, detail.shipping_fee_refunded);
  const amount = useAmount(left, true);
  const [key] = useState(() => newIdempotencyKey('shipfee'));
  const refund = useRefundShippingFee(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.refundFeeTitle')}
      description={t('dialogs.refundFeeHint', { fee: formatCurrency(detail.shipping_fee), refunded: formatCurrency(detail.shipping_fee_refunded) })}
      confirmLabel={t('actions.refund_shipping_fee')}
      onClose={onClose}
      validate={() => {
        const error = amount.check();
        return error ? { amount: error } : {};
      }}
      onSubmit={() => refund.mutateAsync({ amount: amount.value(), idempotency_key: key }).then(done)}
    >
      {(errors) => <Input label={t('dialogs.amountOptional')} inputMode="decimal" value={amount.text} error={errors.amount} onChange={(event) => amount.setText(event.target.value)} />}
    </FormDialog>
  );
}

function ApproveDialog({ detail, orderRef, onClose }: OrderActionDialogProps) {
  const { t, label } = useOrderText();
  const business = openAfterSale(detail.after_sales);
  // Approving a buyout or a refund moves money: one key per opening.
  const [key] = useState(() => newIdempotencyKey('aftersale'));
  const deal = useDealAfterSale(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.approveTitle')}
      description={business ? t('dialogs.approveHint', { kind: label('detail.afterSales.kinds', business.kind, business.kind_name), reason: business.reason || '—' }) : undefined}
      confirmLabel={t('actions.after_sale_approve')}
      onClose={onClose}
      onSubmit={() => deal.mutateAsync({ decision: 'approve', idempotency_key: key }).then(done)}
    >
      {() => null}
    </FormDialog>
  );
}

function RejectDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const locale = useLocale();
  const reasons = useRejectReasons();
  const deal = useDealAfterSale(orderRef);
  const done = useDone();
  const choices = (reasons.data ?? []).map((reason) => ({ value: reason.code, label: locale === 'en' ? reason.label_en : reason.label, needsText: reason.code === 'other' }));
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t('dialogs.rejectTitle')}
      confirmLabel={t('actions.after_sale_reject')}
      reasonRequired
      danger
      maxLength={300}
      choices={choices.length > 0 ? choices : undefined}
      hint={reasons.isError ? t('dialogs.optionsError') : undefined}
      onConfirm={(reason, choice) => deal.mutateAsync({ decision: 'reject', reject_code: choice ?? 'other', reason }).then(done)}
    />
  );
}

function ReceiveDialog({ detail, orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const [serial, setSerial] = useState('');
  const deal = useDealAfterSale(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.receiveTitle')}
      description={t('dialogs.receiveHint')}
      confirmLabel={t('actions.return_receive')}
      onClose={onClose}
      validate={() => (detail.kind === 'lease' && !serial.trim() ? { device_serial: t('dialogs.serialRequired') } : {})}
      onSubmit={() => deal.mutateAsync({ decision: 'receive', device_serial: serial.trim() }).then(done)}
    >
      {(errors) => <Input label={t('dialogs.serial')} value={serial} maxLength={64} error={errors.device_serial} onChange={(event) => setSerial(event.target.value)} />}
    </FormDialog>
  );
}

function InspectDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  // Any damage: the deposit covers what it can, the rest stays owed as a charge (issue 24).
  const damage = useAmount(null, true);
  const [note, setNote] = useState('');
  const [key] = useState(() => newIdempotencyKey('inspect'));
  const deal = useDealAfterSale(orderRef);
  const done = useDone();
  // The split is quoted live as the amount is typed: a readable amount, once typing paused.
  const quotedDamage = useDebouncedValue(damage.check() === undefined ? (damage.value() ?? '') : '', 400);
  return (
    <FormDialog
      title={t('dialogs.inspectTitle')}
      description={t('dialogs.inspectHint')}
      confirmLabel={t('actions.inspect')}
      onClose={onClose}
      validate={() => {
        const error = damage.check();
        return error ? { damage_amount: error } : {};
      }}
      onSubmit={() => deal.mutateAsync({ decision: 'inspect', damage_amount: damage.value() ?? '0.00', inspection_note: note.trim(), idempotency_key: key }).then(done)}
    >
      {(errors) => (
        <>
          <Input label={t('dialogs.damage')} inputMode="decimal" value={damage.text} error={errors.damage_amount} onChange={(event) => damage.setText(event.target.value)} />
          <TextAreaField label={t('dialogs.note')} value={note} maxLength={500} error={errors.inspection_note} onChange={(event) => setNote(event.target.value)} />
          <ReturnQuotePanel orderRef={orderRef} mode="inspect" damageAmount={quotedDamage || undefined} />
        </>
      )}
    </FormDialog>
  );
}

/**
 * The shop opens an after-sale business for the customer (who asked by phone or in the shop).
 * A return the shop starts is approved as it starts (the order is returning at once); any
 * other business then waits for approval in the after-sale section like one the customer opened.
 */
function ApplyAfterSaleDialog({ detail, orderRef, onClose, kind }: OrderActionDialogProps & { kind: ApplyKind }) {
  const { t } = useOrderText();
  const [reason, setReason] = useState('');
  const [extraTerm, setExtraTerm] = useState('');
  const apply = useApplyAfterSale(orderRef);
  const done = useDone();
  const range = { min: EXTRA_TERM_MIN, max: EXTRA_TERM_MAX };
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
