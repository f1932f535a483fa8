'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatDateTime } from '@/components/format';
import { QueryDialog } from '@/components/QueryDialog';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Input } from '@/components/ui/Input';
import { SelectField, Switch } from '@/components/ui/fields';
import { useSettingsSave } from '@/lib/formRefusal';
import { FEE_MODES, SETTING_LIMITS, settingBody, settingForm, WHOLE_FIELDS, ZHIMA_DEPOSIT_MODES, type OrderSettingForm, type SettingProblem, type ZhimaDepositMode } from '../../lib/orderSetting';
import type { FeeMode } from '../../lib/returns';
import { useOrderSetting, useSaveOrderSetting, type OrderSetting } from '../../queries';

const WIDTH = 600;

/** A field's problem in words, with its bounds. */
function useProblemText() {
  const t = useTranslations('orderSetting');
  return (field: keyof OrderSettingForm, problem: SettingProblem): string => {
    if (problem === 'whole' && field in SETTING_LIMITS) return t('problems.whole', SETTING_LIMITS[field as keyof typeof SETTING_LIMITS]);
    return t(`problems.${problem}`);
  };
}

function SettingEditor({ setting, onClose }: { setting: OrderSetting; onClose: () => void }) {
  const t = useTranslations('orderSetting');
  const common = useTranslations('common');
  const save = useSaveOrderSetting();
  const problemText = useProblemText();
  const [form, setForm] = useState<OrderSettingForm>(() => settingForm(setting));
  // The server names its fields; the form's percent fields are the shares it read.
  const refused = (fields: Record<string, string>) => Object.fromEntries(Object.keys(fields).map((field) => [field === 'early_buyout_discount_rate' ? 'early_buyout_discount_percent' : field, t('problems.refused')]));
  const { errors, failure, showProblems, saveAndClose } = useSettingsSave({ saved: t('saved'), failed: t('failed') }, onClose, refused);
  const set = (patch: Partial<OrderSettingForm>) => setForm((current) => ({ ...current, ...patch }));

  const submit = () => {
    const result = settingBody(form);
    if ('problems' in result) showProblems(Object.fromEntries(Object.entries(result.problems).map(([field, problem]) => [field, problemText(field as keyof OrderSettingForm, problem)])));
    else void saveAndClose(() => save.mutateAsync(result.body));
  };

  const mode = form.early_return_fee_mode;
  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('save')} cancelLabel={common('cancel')} failedLabel={t('failed')} busy={save.isPending} failure={failure} width={WIDTH} onClose={onClose} onSubmit={submit}>
      <p className="text-xs text-slate-500">{setting.updated_at ? t('updatedAt', { time: formatDateTime(setting.updated_at) }) : t('neverSaved')}</p>
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">{t('orderLegend')}</legend>
        {WHOLE_FIELDS.filter((field) => field !== 'early_return_min_term').map((field) => (
          <Input key={field} label={t(`fields.${field}`)} inputMode="numeric" autoComplete="off" value={form[field]} error={errors[field]} onChange={(event) => set({ [field]: event.target.value })} />
        ))}
        <Input label={t('fields.early_buyout_discount_percent')} inputMode="decimal" autoComplete="off" value={form.early_buyout_discount_percent} error={errors.early_buyout_discount_percent} onChange={(event) => set({ early_buyout_discount_percent: event.target.value })} />
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2">
        <legend className="mb-2 pt-3 text-sm font-semibold text-slate-800">{t('earlyReturnLegend')}</legend>
        <p className="text-xs text-slate-500 sm:col-span-2">{t('earlyReturnHint')}</p>
        <Input label={t('fields.early_return_min_term')} inputMode="numeric" autoComplete="off" value={form.early_return_min_term} error={errors.early_return_min_term} onChange={(event) => set({ early_return_min_term: event.target.value })} />
        <SelectField
          label={t('fields.early_return_fee_mode')}
          value={mode}
          onChange={(event) => set({ early_return_fee_mode: event.target.value as FeeMode, early_return_fee_value: '' })}
          options={FEE_MODES.map((value) => ({ value, label: t(`feeModes.${value}`) }))}
        />
        {mode !== 'none' && (
          <Input
            className="sm:col-span-2"
            label={mode === 'rate' ? t('fields.feeRate') : t('fields.feeFixed')}
            inputMode="decimal"
            autoComplete="off"
            value={form.early_return_fee_value}
            error={errors.early_return_fee_value}
            onChange={(event) => set({ early_return_fee_value: event.target.value })}
          />
        )}
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2">
        <legend className="mb-2 pt-3 text-sm font-semibold text-slate-800">{t('zhimaLegend')}</legend>
        <p className="text-xs text-slate-500 sm:col-span-2">{t('zhimaHint')}</p>
        <div className="flex items-center gap-2 sm:col-span-2">
          <Switch checked={form.zhima_deposit_free} onChange={(next) => set({ zhima_deposit_free: next })} label={t('fields.zhima_deposit_free')} />
          <span className="text-sm text-slate-700">{t('fields.zhima_deposit_free')}</span>
        </div>
        <Input label={t('fields.zhima_service_id')} autoComplete="off" value={form.zhima_service_id} error={errors.zhima_service_id} onChange={(event) => set({ zhima_service_id: event.target.value })} />
        <Input label={t('fields.zhima_category')} autoComplete="off" value={form.zhima_category} error={errors.zhima_category} onChange={(event) => set({ zhima_category: event.target.value })} />
        <SelectField
          label={t('fields.zhima_deposit_mode')}
          value={form.zhima_deposit_mode}
          onChange={(event) => set({ zhima_deposit_mode: event.target.value as ZhimaDepositMode })}
          options={ZHIMA_DEPOSIT_MODES.map((value) => ({ value, label: t(`zhimaModes.${value}`) }))}
        />
        <Input label={t('fields.zhima_violation_grace_days')} inputMode="numeric" autoComplete="off" value={form.zhima_violation_grace_days} error={errors.zhima_violation_grace_days} onChange={(event) => set({ zhima_violation_grace_days: event.target.value })} />
      </fieldset>
    </FormFrameDialog>
  );
}

/**
 * The shop's order settings (no screen of their own in the contract's routes: opened from the
 * order lists' header by `order.manage`), with the early-return terms new orders copy.
 */
export function OrderSettingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('orderSetting');
  const setting = useOrderSetting(open);
  if (!open) return null;
  if (setting.isSuccess) return <SettingEditor setting={setting.data} onClose={onClose} />;
  return <QueryDialog title={t('title')} width={WIDTH} errorTitle={t('loadError')} query={setting} onClose={onClose} />;
}
