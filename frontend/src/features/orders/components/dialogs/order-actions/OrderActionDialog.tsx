'use client';

import type { ComponentType } from 'react';
import { lazyDialog } from '@/components/lazyDialog';
import { applyKindOf } from '../../../lib/actions';
import { offlineRepayableBill } from '../../../lib/repayments';
import type { OrderActionDialogProps } from './shared';

export type { OrderActionDialogProps } from './shared';

/** Every dialog here is shown once its button is pressed: the switch below decides which. */
const always = () => true;
function lazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyDialog(load, always);
}

// One chunk per dialog (forms, Headless UI, the dialog's own calls), loaded when its button is
// first pressed: the order's screen and the lists load none of them.
const AuditDialog = lazy(() => import('./AuditDialog').then((module) => module.AuditDialog));
const ExpressDialog = lazy(() => import('./ExpressDialog').then((module) => module.ExpressDialog));
const DeliverDialog = lazy(() => import('./DeliverDialog').then((module) => module.DeliverDialog));
const CloseDialog = lazy(() => import('./CloseDialog').then((module) => module.CloseDialog));
const DeleteDialog = lazy(() => import('./DeleteDialog').then((module) => module.DeleteDialog));
const AllocateDialog = lazy(() => import('./AllocateDialog').then((module) => module.AllocateDialog));
const SubShopDialog = lazy(() => import('./SubShopDialog').then((module) => module.SubShopDialog));
const RefreshContractDialog = lazy(() => import('./RefreshContractDialog').then((module) => module.RefreshContractDialog));
const ThawDialog = lazy(() => import('./ThawDialog').then((module) => module.ThawDialog));
const TransferDialog = lazy(() => import('./TransferDialog').then((module) => module.TransferDialog));
const RefundFeeDialog = lazy(() => import('./RefundFeeDialog').then((module) => module.RefundFeeDialog));
const ApproveDialog = lazy(() => import('./ApproveDialog').then((module) => module.ApproveDialog));
const RejectDialog = lazy(() => import('./RejectDialog').then((module) => module.RejectDialog));
const ReceiveDialog = lazy(() => import('./ReceiveDialog').then((module) => module.ReceiveDialog));
const InspectDialog = lazy(() => import('./InspectDialog').then((module) => module.InspectDialog));
const ApplyAfterSaleDialog = lazy(() => import('./ApplyAfterSaleDialog').then((module) => module.ApplyAfterSaleDialog));
const OfflineRepaymentDialog = lazy(() => import('@/features/finance/components/bills/OfflineRepaymentDialog').then((module) => module.OfflineRepaymentDialog));
const EarlySettlementDialog = lazy(() => import('@/features/finance/components/bills/EarlySettlementDialog').then((module) => module.EarlySettlementDialog));

/**
 * The dialog of one action button of the order's screen, nothing while no button is pressed.
 * Money calls carry one idempotency key per opening of the dialog.
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
    case 'apply_exchange':
    case 'apply_buyout':
    case 'apply_renewal':
    case 'apply_refund':
      return <ApplyAfterSaleDialog {...props} kind={applyKindOf(props.button) ?? 'return'} />;
    default:
      return null;
  }
}
