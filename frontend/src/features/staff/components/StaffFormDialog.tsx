'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRefusableForm } from '@/lib/formRefusal';
import { HookFormDialog } from '@/components/ui/HookFormDialog';
import { AccountFields } from '@/components/AccountFields';
import { ACCOUNT_ERRORS } from '@/features/merchants/lib/apiError';
import { isAssignableRole, isKnownRole, staffEditSchema, staffSchema, type StaffEditValues, type StaffSide, type StaffValues } from '../lib/account';
import { useCreateStaff, useUpdateStaff, type StaffRow } from '../queries';
import { RoleCheckboxes } from './RoleCheckboxes';

const CODE_FIELDS = { [ACCOUNT_ERRORS.usernameTaken]: 'username', [ACCOUNT_ERRORS.weakPassword]: 'password' };

export function CreateStaffDialog({ side, open, onClose }: { side: StaffSide; open: boolean; onClose: () => void }) {
  return open ? <CreateBody side={side} onClose={onClose} /> : null;
}

function CreateBody({ side, onClose }: { side: StaffSide; onClose: () => void }) {
  const t = useTranslations('staff');
  const tm = useTranslations('merchant.errors');
  const create = useCreateStaff(side);
  const {
    register,
    formState: { errors, isSubmitting },
    formError,
    onSubmit,
  } = useRefusableForm<StaffValues>(
    {
      resolver: zodResolver(staffSchema(tm, side)),
      defaultValues: { username: '', password: '', name: '', phone: '', role_codes: [] },
    },
    { fallback: t('failed'), codeFields: CODE_FIELDS, focus: true },
    async (values) => {
      await create.mutateAsync(values);
      onClose();
    },
  );
  return (
    <HookFormDialog id="create-staff" title={t('form.createTitle')} cancelLabel={t('cancel')} submitLabel={t('form.create')} failedLabel={t('failed')} busy={isSubmitting} onClose={onClose} formError={formError} onSubmit={onSubmit}>
      <AccountFields autoFocus register={(field) => register(field)} errors={{ username: errors.username?.message, password: errors.password?.message, name: errors.name?.message, phone: errors.phone?.message }} />
      <RoleCheckboxes side={side} registration={register('role_codes')} error={errors.role_codes?.message} />
    </HookFormDialog>
  );
}

export function EditStaffDialog({ side, staff, onClose }: { side: StaffSide; staff: StaffRow | null; onClose: () => void }) {
  return staff ? <EditBody side={side} staff={staff} onClose={onClose} /> : null;
}

function EditBody({ side, staff, onClose }: { side: StaffSide; staff: StaffRow; onClose: () => void }) {
  const t = useTranslations('staff');
  const tm = useTranslations('merchant.errors');
  const update = useUpdateStaff(side);
  // Roles this screen neither gives nor takes (a platform admin's): the server keeps them.
  const kept = staff.roles.filter((role) => !isAssignableRole(side, role.code));
  const keptNames = kept.map((role) => (isKnownRole(role.code) ? t(`roles.${role.code}`) : role.name));
  const {
    register,
    formState: { errors, isSubmitting },
    formError,
    onSubmit,
  } = useRefusableForm<StaffEditValues>(
    {
      resolver: zodResolver(staffEditSchema(tm, side, { keepsOtherRole: kept.length > 0 })),
      defaultValues: { name: staff.name, phone: staff.phone, role_codes: staff.roles.map((role) => role.code).filter((code) => isAssignableRole(side, code)) },
    },
    { fallback: t('failed') },
    async (values) => {
      await update.mutateAsync({ id: staff.id, ...values, reason: '' });
      onClose();
    },
  );
  return (
    <HookFormDialog id="edit-staff" title={t('form.editTitle', { name: staff.username })} cancelLabel={t('cancel')} submitLabel={t('save')} failedLabel={t('failed')} busy={isSubmitting} onClose={onClose} formError={formError} onSubmit={onSubmit}>
      <AccountFields withCredentials={false} register={(field) => register(field as 'name' | 'phone')} errors={{ name: errors.name?.message, phone: errors.phone?.message }} />
      <RoleCheckboxes side={side} registration={register('role_codes')} error={errors.role_codes?.message} keptRoles={keptNames} />
    </HookFormDialog>
  );
}
