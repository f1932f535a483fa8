'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatDateTime } from '@/components/format';
import { QueryDialog } from '@/components/QueryDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Input } from '@/components/ui/Input';
import { useSettingsSave } from '@/lib/formRefusal';
import { isOwn, RATE_MAX, rateText, REMINDER_DAYS_MAX, SETTING_FIELDS, settingBody, settingForm, type SettingField, type SettingForm } from '../lib/financeSetting';
import { useFinanceSetting, useSaveFinanceSetting, type FinanceSetting } from '../queries';

const WIDTH = 560;

function useSettingText() {
  const t = useTranslations('finance.settings');
  return {
    t,
    /** A field's value as people read it: "0.05% a day", "3 days". */
    value(field: SettingField, raw: string | number): string {
      return field === 'reminder_days_before' ? t('days', { days: Number(raw) }) : t('rate', { rate: rateText(String(raw)) });
    },
    label(field: SettingField, tierDays: number): string {
      return t(`fields.${field}`, { days: tierDays, next: tierDays + 1 });
    },
  };
}

/** Each field: the value in force, whose it is (the shop's or the platform's), and the default. */
function SettingFacts({ setting }: { setting: FinanceSetting }) {
  const { t, value, label } = useSettingText();
  return (
    <dl className="divide-y divide-slate-100 rounded-md border border-slate-200">
      {SETTING_FIELDS.map((field) => (
        <div key={field} data-field={field} className="flex flex-col gap-1 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <dt className="text-sm text-slate-600">{label(field, setting.late_fee_tier_days)}</dt>
          <dd className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium text-slate-900 tabular-nums">{value(field, setting[field])}</span>
            <StatusBadge tone={isOwn(setting, field) ? 'sky' : 'slate'}>{isOwn(setting, field) ? t('own') : t('platform')}</StatusBadge>
            {isOwn(setting, field) && <span className="text-xs text-slate-500">{t('defaultIs', { value: value(field, setting.platform_defaults[field]) })}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function SettingNotes({ setting }: { setting: FinanceSetting }) {
  const { t } = useSettingText();
  return (
    <p className="text-xs text-slate-500">
      {t('explain', { days: setting.late_fee_tier_days })} {setting.updated_at ? t('updatedAt', { time: formatDateTime(setting.updated_at) }) : t('neverSaved')}
    </p>
  );
}

/** The editable form (`order.manage`): an empty field follows the platform's default. */
function SettingEditor({ setting, onClose }: { setting: FinanceSetting; onClose: () => void }) {
  const { t, value, label } = useSettingText();
  const common = useTranslations('common');
  const save = useSaveFinanceSetting();
  const [form, setForm] = useState<SettingForm>(() => settingForm(setting));
  const { errors, failure, showProblems, saveAndClose } = useSettingsSave({ saved: t('saved'), failed: t('failed') }, onClose);
  const problemText = (field: SettingField) => (field === 'reminder_days_before' ? t('problems.days', { max: REMINDER_DAYS_MAX }) : t('problems.rate', { max: RATE_MAX }));

  const submit = () => {
    const result = settingBody(form);
    if ('problems' in result) showProblems(Object.fromEntries(Object.keys(result.problems).map((field) => [field, problemText(field as SettingField)])));
    else void saveAndClose(() => save.mutateAsync(result.body));
  };

  return (
    <FormFrameDialog
      title={t('title')}
      confirmLabel={t('save')}
      cancelLabel={common('cancel')}
      failedLabel={t('failed')}
      busy={save.isPending}
      failure={failure}
      width={WIDTH}
      onClose={onClose}
      onSubmit={submit}
    >
      <SettingFacts setting={setting} />
      <SettingNotes setting={setting} />
      <fieldset className="flex flex-col gap-3 border-t border-slate-100 pt-3">
        <legend className="sr-only">{t('formLegend')}</legend>
        <p className="text-xs text-slate-500">{t('formHint')}</p>
        {SETTING_FIELDS.map((field) => (
          <Input
            key={field}
            label={t('inputLabel', { field: label(field, setting.late_fee_tier_days), unit: field === 'reminder_days_before' ? t('unitDays') : t('unitRate') })}
            inputMode={field === 'reminder_days_before' ? 'numeric' : 'decimal'}
            autoComplete="off"
            placeholder={t('placeholder', { value: value(field, setting.platform_defaults[field]) })}
            value={form[field]}
            error={errors[field]}
            onChange={(event) => setForm((current) => ({ ...current, [field]: event.target.value }))}
            addon={
              <Button
                variant="secondary"
                className="shrink-0 whitespace-nowrap"
                disabled={form[field] === ''}
                aria-label={t('resetNamed', { field: label(field, setting.late_fee_tier_days) })}
                onClick={() => setForm((current) => ({ ...current, [field]: '' }))}
              >
                {t('reset')}
              </Button>
            }
          />
        ))}
      </fieldset>
    </FormFrameDialog>
  );
}

/**
 * The shop's late-fee rates and reminder days (no screen of its own in the contract's routes:
 * opened from the bill screen's header). Everyone with `finance.view` reads them; with
 * `order.manage` they can be changed or sent back to the platform's default.
 */
export function FinanceSettingDialog({ open, canEdit, onClose }: { open: boolean; canEdit: boolean; onClose: () => void }) {
  const { t } = useSettingText();
  const setting = useFinanceSetting(open);
  if (!open) return null;
  if (setting.isSuccess && canEdit) return <SettingEditor setting={setting.data} onClose={onClose} />;
  return (
    <QueryDialog title={t('title')} width={WIDTH} errorTitle={t('loadError')} query={setting} onClose={onClose}>
      {(data) => (
        <div className="flex flex-col gap-3">
          <SettingFacts setting={data} />
          <SettingNotes setting={data} />
          <p className="text-xs text-slate-500">{t('readOnly')}</p>
        </div>
      )}
    </QueryDialog>
  );
}
