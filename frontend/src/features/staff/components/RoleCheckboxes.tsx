'use client';

import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/Input';
import { STAFF_ROLES } from '../lib/staffRoles';

/** Multi-select of the four staff roles; a fieldset so the group has one accessible name. */
export function RoleCheckboxes({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const t = useTranslations('staff');
  return (
    <fieldset aria-describedby={error ? 'staff-roles-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('fields.roles')}</legend>
      <div className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-3">
        {STAFF_ROLES.map((role) => (
          <Checkbox key={role} label={t(`roles.${role}`)} value={role} {...registration} />
        ))}
      </div>
      {error && (
        <p id="staff-roles-error" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
