'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/Input';
import { assignableRoles, type StaffSide } from '../lib/staffRoles';

/**
 * Multi-select of the side's staff roles; a fieldset so the group has one accessible name.
 * `keptRoles`: roles the account holds that this screen neither gives nor takes (an admin's).
 */
export function RoleCheckboxes({ side, registration, error, keptRoles = [] }: { side: StaffSide; registration: UseFormRegisterReturn; error?: string; keptRoles?: string[] }) {
  const t = useTranslations('staff');
  const locale = useLocale();
  return (
    <fieldset aria-describedby={error ? 'staff-roles-error' : keptRoles.length ? 'staff-roles-kept' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('fields.roles')}</legend>
      <div className="grid grid-cols-1 gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
        {assignableRoles(side).map((role) => (
          <Checkbox key={role} label={t(`roles.${role}`)} value={role} {...registration} />
        ))}
      </div>
      {keptRoles.length > 0 && (
        <p id="staff-roles-kept" className="mt-1 text-xs text-slate-500">
          {t('form.keptRoles', { roles: new Intl.ListFormat(locale).format(keptRoles) })}
        </p>
      )}
      {error && (
        <p id="staff-roles-error" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
