'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRefusableForm } from '@/lib/formRefusal';
import { z } from 'zod';
import { HookFormDialog } from '@/components/ui/HookFormDialog';
import { Input } from '@/components/ui/Input';
import { PHONE_PATTERN } from '../lib/onboarding';
import { useUpdateMerchant, type MerchantRow } from '../queries';

function useSchema() {
  const t = useTranslations('merchant.errors');
  return z.object({
    name: z.string().trim().min(1, t('required')).max(100),
    contact_name: z.string().trim().max(50),
    contact_phone: z.string().trim().refine((value) => value === '' || PHONE_PATTERN.test(value), t('phone')),
  });
}
type Values = z.infer<ReturnType<typeof useSchema>>;

export function MerchantEditDialog({ merchant, open, onClose }: { merchant: MerchantRow; open: boolean; onClose: () => void }) {
  return open ? <EditBody merchant={merchant} onClose={onClose} /> : null;
}

function EditBody({ merchant, onClose }: { merchant: MerchantRow; onClose: () => void }) {
  const t = useTranslations('merchant');
  const update = useUpdateMerchant();
  const {
    register,
    formState: { errors },
    formError,
    onSubmit,
  } = useRefusableForm<Values>(
    {
      resolver: zodResolver(useSchema()),
      defaultValues: { name: merchant.name, contact_name: merchant.contact_name, contact_phone: merchant.contact_phone },
    },
    { fallback: t('shared.failed') },
    async (values) => {
      await update.mutateAsync({ id: merchant.id, ...values });
      onClose();
    },
  );
  return (
    <HookFormDialog id="edit-merchant" title={t('detail.editTitle')} cancelLabel={t('shared.cancel')} submitLabel={t('shared.save')} failedLabel={t('shared.failed')} busy={update.isPending} formError={formError} onClose={onClose} onSubmit={onSubmit}>
      <Input label={t('fields.name')} error={errors.name?.message} {...register('name')} />
      <Input label={t('fields.contactName')} error={errors.contact_name?.message} {...register('contact_name')} />
      <Input label={t('fields.contactPhone')} inputMode="tel" error={errors.contact_phone?.message} {...register('contact_phone')} />
    </HookFormDialog>
  );
}
