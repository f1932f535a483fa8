'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRefusableForm } from '@/lib/formRefusal';
import { z } from 'zod';
import { HookFormDialog } from '@/components/ui/HookFormDialog';
import { Input } from '@/components/ui/Input';
import { TextAreaField } from '@/components/ui/fields';
import { PHONE_PATTERN } from '@/features/merchants/lib/onboarding';
import { useCreateSubShop, useUpdateSubShop, type SubShopRow } from '../queries';

function useSchema() {
  const t = useTranslations('merchant.errors');
  return z.object({
    name: z.string().trim().min(1, t('required')).max(100),
    contact_name: z.string().trim().max(50),
    phone: z.string().trim().refine((value) => value === '' || PHONE_PATTERN.test(value), t('phone')),
    address: z.string().trim().max(255),
  });
}
type Values = z.infer<ReturnType<typeof useSchema>>;

/** Create (no `subShop`) or edit a sub-shop's data; status changes go through the reason dialog. */
export function SubShopFormDialog({ open, subShop, onClose }: { open: boolean; subShop?: SubShopRow; onClose: () => void }) {
  return open ? <FormBody subShop={subShop} onClose={onClose} /> : null;
}

function FormBody({ subShop, onClose }: { subShop?: SubShopRow; onClose: () => void }) {
  const t = useTranslations('subshop');
  const create = useCreateSubShop();
  const update = useUpdateSubShop();
  const {
    register,
    formState: { errors, isSubmitting },
    formError,
    onSubmit,
  } = useRefusableForm<Values>(
    {
      resolver: zodResolver(useSchema()),
      defaultValues: {
        name: subShop?.name ?? '',
        contact_name: subShop?.contact_name ?? '',
        phone: subShop?.phone ?? '',
        address: subShop?.address ?? '',
      },
    },
    { fallback: t('failed'), focus: true },
    async (values) => {
      if (subShop) {
        await update.mutateAsync({ id: subShop.id, ...values, reason: '' });
      } else {
        await create.mutateAsync(values);
      }
      onClose();
    },
  );
  return (
    <HookFormDialog id="sub-shop-form" title={subShop ? t('form.editTitle') : t('form.createTitle')} cancelLabel={t('cancel')} submitLabel={subShop ? t('save') : t('form.create')} failedLabel={t('failed')} busy={isSubmitting} formError={formError} onClose={onClose} onSubmit={onSubmit}>
      <Input label={t('fields.name')} autoFocus error={errors.name?.message} {...register('name')} />
      <div className="grid grid-cols-2 gap-3">
        <Input label={t('fields.contactName')} error={errors.contact_name?.message} {...register('contact_name')} />
        <Input label={t('fields.phone')} inputMode="tel" error={errors.phone?.message} {...register('phone')} />
      </div>
      <TextAreaField label={t('fields.address')} rows={2} error={errors.address?.message} {...register('address')} />
    </HookFormDialog>
  );
}
