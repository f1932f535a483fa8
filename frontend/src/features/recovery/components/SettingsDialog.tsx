'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { SelectField } from '@/components/ui/fields';
import { FormError } from '@/components/ui/FormError';
import { notify } from '@/components/ui/Notice';
import { Spinner } from '@/components/ui/Spinner';
import { useSubShopChoices } from '@/features/orders/queries';
import { asApiError } from '@/lib/apiError';
import { boundsError } from '../lib/recovery';
import { useRecoveryCollectors, useRecoverySetting, useSaveRecoverySetting, type RecoverySetting } from '../queries';

const RULES = ['round_robin', 'by_sub_shop'] as const;

type SubShopCollectors = Record<number, number>;

/** By sub-shop: each sub-shop's collector; a sub-shop without one falls back to the round robin. */
function SubShopCollectorsFields({ value, onChange }: { value: SubShopCollectors; onChange: (next: SubShopCollectors) => void }) {
  const t = useTranslations('recovery.settingsDialog');
  const subShops = useSubShopChoices();
  const collectors = useRecoveryCollectors(true);
  if (subShops.isError || collectors.isError) return <FormError title={t('subShopsLoadError')} />;
  if (!subShops.data || !collectors.data)
    return (
      <div className="flex justify-center py-4">
        <Spinner />
      </div>
    );
  if (subShops.data.length === 0) return <p className="text-sm text-slate-500">{t('noSubShops')}</p>;
  const options = [{ value: '', label: t('noCollector') }, ...collectors.data.map((collector) => ({ value: String(collector.id), label: collector.name || collector.username }))];
  return (
    <fieldset className="flex flex-col gap-2" data-sub-shop-collectors>
      <legend className="mb-1 text-sm font-medium text-slate-900">{t('subShops')}</legend>
      <p className="text-sm text-slate-600">{t('subShopsHint')}</p>
      {collectors.data.length === 0 && <p className="text-sm text-amber-700">{t('noCollectors')}</p>}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {subShops.data.map((shop) => (
          <SelectField
            key={shop.id}
            label={shop.name}
            value={value[shop.id] ? String(value[shop.id]) : ''}
            options={options}
            onChange={(event) => {
              const next = { ...value };
              if (event.target.value) next[shop.id] = Number(event.target.value);
              else delete next[shop.id];
              onChange(next);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}

function SettingsForm({ setting, canSave, onClose }: { setting: RecoverySetting; canSave: boolean; onClose: () => void }) {
  const t = useTranslations('recovery.settingsDialog');
  const save = useSaveRecoverySetting();
  const [m1, setM1] = useState(String(setting.m1_max_days));
  const [m2, setM2] = useState(String(setting.m2_max_days));
  const [m3, setM3] = useState(String(setting.m3_max_days));
  const [reminders, setReminders] = useState(String(setting.reminders_per_day));
  const [rule, setRule] = useState(setting.assignment_rule);
  const [writeOffDays, setWriteOffDays] = useState(String(setting.write_off_after_days));
  const [subShopCollectors, setSubShopCollectors] = useState<SubShopCollectors>(() => Object.fromEntries(setting.sub_shop_collectors.map((row) => [row.sub_shop_id, row.collector_id])));
  const [failure, setFailure] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const bounds = { m1_max_days: Number(m1), m2_max_days: Number(m2), m3_max_days: Number(m3) };
  const boundsProblem = boundsError(bounds);
  const remindersNumber = Number(reminders);
  const remindersProblem = !/^\d$/.test(reminders) || remindersNumber > 3;
  const writeOffNumber = Number(writeOffDays);
  const writeOffProblem = !/^\d{1,4}$/.test(writeOffDays) || writeOffNumber < 1 || writeOffNumber > 3650;
  const submit = () => {
    setChecked(true);
    setFailure(null);
    if (boundsProblem || remindersProblem || writeOffProblem) return;
    save.mutate(
      {
        ...bounds,
        reminders_per_day: remindersNumber,
        write_off_after_days: writeOffNumber,
        assignment_rule: rule === 'by_sub_shop' ? 'by_sub_shop' : 'round_robin',
        sub_shop_collectors: Object.entries(subShopCollectors).map(([subShopId, collectorId]) => ({ sub_shop_id: Number(subShopId), collector_id: collectorId })),
        // The buckets' templates are kept as they are.
        bucket_templates: setting.bucket_templates.map((row) => ({ bucket: row.bucket as 'M1' | 'M2' | 'M3' | 'M3+', template_code: row.template_code })),
      },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: { raw: t('saved') } });
          onClose();
        },
        onError: (error) => setFailure(asApiError(error)?.message || t('failed')),
      },
    );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          {canSave && (
            <Button loading={save.isPending} onClick={submit}>
              {t('save')}
            </Button>
          )}
        </>
      }
    >
      <fieldset disabled={!canSave} className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-900">{t('buckets')}</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Input label={t('m1')} type="number" inputMode="numeric" min={1} value={m1} onChange={(event) => setM1(event.target.value)} />
          <Input label={t('m2')} type="number" inputMode="numeric" min={2} value={m2} onChange={(event) => setM2(event.target.value)} />
          <Input label={t('m3')} type="number" inputMode="numeric" min={3} value={m3} onChange={(event) => setM3(event.target.value)} />
        </div>
        {checked && boundsProblem && <p className="text-sm text-red-700">{t(`errors.${boundsProblem}`)}</p>}
        <Input
          label={t('remindersPerDay')}
          type="number"
          inputMode="numeric"
          min={0}
          max={3}
          value={reminders}
          error={checked && remindersProblem ? t('errors.reminders') : undefined}
          onChange={(event) => setReminders(event.target.value)}
        />
        <Input
          label={t('writeOffAfterDays')}
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
          value={writeOffDays}
          error={checked && writeOffProblem ? t('errors.writeOffAfterDays') : undefined}
          onChange={(event) => setWriteOffDays(event.target.value)}
        />
        <SelectField label={t('rule')} value={rule} options={RULES.map((value) => ({ value, label: t(`rules.${value}`) }))} onChange={(event) => setRule(event.target.value)} />
        {rule === 'by_sub_shop' && <SubShopCollectorsFields value={subShopCollectors} onChange={setSubShopCollectors} />}
        {!canSave && <p className="text-sm text-slate-500">{t('readOnly')}</p>}
        {failure && <FormError title={t('failed')} message={failure} />}
      </fieldset>
    </Dialog>
  );
}

/** The shop's recovery settings: the buckets' bounds, the daily reminder cap, the assignment rule (and, by sub-shop, each sub-shop's collector). */
export function SettingsDialog({ open, canSave, onClose }: { open: boolean; canSave: boolean; onClose: () => void }) {
  const t = useTranslations('recovery.settingsDialog');
  const setting = useRecoverySetting(open);
  if (!open) return null;
  if (setting.data) return <SettingsForm key={setting.data.updated_at} setting={setting.data} canSave={canSave} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} title={t('title')}>
      {setting.isError ? (
        <FormError title={t('loadError')} />
      ) : (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      )}
    </Dialog>
  );
}
