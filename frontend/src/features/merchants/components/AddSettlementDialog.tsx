'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRefusableForm } from '@/lib/formRefusal';
import { HookFormDialog } from '@/components/ui/HookFormDialog';
import { EMPTY_SETTLEMENT, isMerchantCycle, settlementSchema, type SettlementValues } from '../lib/onboarding';
import { useAddSettlement, type SettlementTerms } from '../queries';
import { SettlementFields } from './SettlementFields';

export function AddSettlementDialog(props: { merchantId: number; current: SettlementTerms | null; open: boolean; onClose: () => void }) {
  return props.open ? <AddBody {...props} /> : null;
}

/** New terms start from the current ones: usually one value changes (rate or cycle). */
function initialValues(current: SettlementTerms | null): SettlementValues {
  if (!current) return EMPTY_SETTLEMENT;
  return {
    commission_rate: String(current.commission_rate),
    settlement_cycle: isMerchantCycle(current.settlement_cycle) ? current.settlement_cycle : EMPTY_SETTLEMENT.settlement_cycle,
    bank_name: current.bank_name,
    account_name: current.account_name,
    account_number: current.account_number,
  };
}

function AddBody({ merchantId, current, onClose }: { merchantId: number; current: SettlementTerms | null; onClose: () => void }) {
  const t = useTranslations('merchant');
  const tRules = useTranslations('merchant.errors');
  const add = useAddSettlement();
  const {
    register,
    formState: { errors },
    formError,
    onSubmit,
  } = useRefusableForm<SettlementValues>({ resolver: zodResolver(settlementSchema(tRules)), defaultValues: initialValues(current) }, { fallback: t('shared.failed') }, async (values) => {
    await add.mutateAsync({ id: merchantId, ...values });
    onClose();
  });
  return (
    <HookFormDialog id="add-settlement" title={t('settlement.addTitle')} width={640} cancelLabel={t('shared.cancel')} submitLabel={t('settlement.addSubmit')} failedLabel={t('shared.failed')} busy={add.isPending} formError={formError} className="flex flex-col gap-4" onClose={onClose} onSubmit={onSubmit}>
      <p className="text-sm text-slate-600">{t('settlement.addHint')}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SettlementFields
          register={(name) => register(name)}
          errors={{
            commission_rate: errors.commission_rate?.message,
            settlement_cycle: errors.settlement_cycle?.message,
            bank_name: errors.bank_name?.message,
            account_name: errors.account_name?.message,
            account_number: errors.account_number?.message,
          }}
        />
      </div>
    </HookFormDialog>
  );
}
