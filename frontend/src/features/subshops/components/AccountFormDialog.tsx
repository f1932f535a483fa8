'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRefusableForm } from '@/lib/formRefusal';
import { HookFormDialog } from '@/components/ui/HookFormDialog';
import { AccountFields } from '@/components/AccountFields';
import { ACCOUNT_ERRORS } from '@/features/merchants/lib/apiError';
import { accountSchema, EMPTY_ACCOUNT, type AccountValues } from '@/features/staff/lib/account';
import { useCreateSubShopAccount } from '../queries';

/** A sub-merchant account for one sub-shop: it signs in on this merchant's host. */
export function AccountFormDialog({ open, subShopId, onClose }: { open: boolean; subShopId: number; onClose: () => void }) {
  return open ? <FormBody subShopId={subShopId} onClose={onClose} /> : null;
}

function FormBody({ subShopId, onClose }: { subShopId: number; onClose: () => void }) {
  const t = useTranslations('subshop');
  const tm = useTranslations('merchant.errors');
  const create = useCreateSubShopAccount();
  const {
    register,
    formState: { errors, isSubmitting },
    formError,
    onSubmit,
  } = useRefusableForm<AccountValues>({ resolver: zodResolver(accountSchema(tm)), defaultValues: EMPTY_ACCOUNT }, { fallback: t('failed'), codeFields: { [ACCOUNT_ERRORS.usernameTaken]: 'username', [ACCOUNT_ERRORS.weakPassword]: 'password' }, focus: true }, async (values) => {
    await create.mutateAsync({ sub_shop_id: subShopId, ...values });
    onClose();
  });
  return (
    <HookFormDialog id="sub-account-form" title={t('accounts.createTitle')} cancelLabel={t('cancel')} submitLabel={t('accounts.create')} failedLabel={t('failed')} busy={isSubmitting} formError={formError} onClose={onClose} onSubmit={onSubmit}>
      <p className="text-sm text-slate-600">{t('accounts.createHint')}</p>
      <AccountFields autoFocus register={(field) => register(field)} errors={{ username: errors.username?.message, password: errors.password?.message, name: errors.name?.message, phone: errors.phone?.message }} />
    </HookFormDialog>
  );
}
