'use client';

/**
 * The life and residual of each goods category's devices (saveAssetLife): the straight line
 * the book value follows. Pick a category, set its months and residual percent, or put it back
 * to the default of its kind of device (phones 24 months, laptops 36, 10 %).
 */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailQueryBody } from '@/components/DetailSection';
import { Button } from '@/components/ui/Button';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Input } from '@/components/ui/Input';
import { SelectField } from '@/components/ui/fields';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { useAssetLives, useSaveAssetLife } from '../queries';
import type { AssetLifeList, AssetLifeRow, SaveAssetLifeBody } from '../types';

export function AssetLifeDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('assets.lives');
  const query = useAssetLives();
  if (query.data && query.data.categories.length > 0) return <LifeEditor data={query.data} onClose={onClose} />;
  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('save')} cancelLabel={t('cancel')} failedLabel={t('failed')} busy={false} disabled onClose={onClose} onSubmit={() => undefined}>
      <DetailQueryBody query={query} errorTitle={t('loadError')}>
        {() => <p className="text-sm text-slate-500">{t('none')}</p>}
      </DetailQueryBody>
    </FormFrameDialog>
  );
}

function LifeEditor({ data, onClose }: { data: AssetLifeList; onClose: () => void }) {
  const t = useTranslations('assets.lives');
  const save = useSaveAssetLife();
  const first = data.categories[0] as AssetLifeRow;
  const [chosen, setChosen] = useState(first.category_id);
  const row = data.categories.find((candidate) => candidate.category_id === chosen) ?? first;
  const [months, setMonths] = useState(String(row.life_months));
  const [residual, setResidual] = useState(row.residual_rate);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({ fields: {} });
  const [saved, setSaved] = useState(false);

  const pick = (categoryId: number) => {
    const next = data.categories.find((candidate) => candidate.category_id === categoryId);
    if (!next) return;
    setChosen(categoryId);
    setMonths(String(next.life_months));
    setResidual(next.residual_rate);
    setErrors({ fields: {} });
    setSaved(false);
  };

  const send = async (body: SaveAssetLifeBody) => {
    setSaved(false);
    try {
      const answer = await save.mutateAsync(body);
      setMonths(String(answer.life_months));
      setResidual(answer.residual_rate);
      setErrors({ fields: {} });
      setSaved(true);
    } catch (error) {
      const apiError = asApiError(error);
      const fields = apiError ? fieldErrorsOf(apiError) : {};
      setErrors(Object.keys(fields).length > 0 ? { fields } : { fields: {}, form: apiError?.message || t('failed') });
    }
  };

  return (
    <FormFrameDialog
      title={t('title')}
      confirmLabel={t('save')}
      cancelLabel={t('cancel')}
      failedLabel={t('failed')}
      busy={save.isPending}
      failure={errors.form}
      onClose={onClose}
      onSubmit={() => void send({ category_id: row.category_id, life_months: Number(months), residual_rate: residual.trim() })}
    >
      <p className="mb-3 text-sm text-slate-600">{t('hint')}</p>
      <SelectField
        label={t('category')}
        value={String(chosen)}
        onChange={(event) => pick(Number(event.target.value))}
        options={data.categories.map((candidate) => ({
          value: String(candidate.category_id),
          label: candidate.custom ? t('categoryCustom', { name: candidate.category_name }) : candidate.category_name,
        }))}
      />
      <div className="mt-3 grid grid-cols-2 gap-3">
        <Input label={t('lifeMonths')} inputMode="numeric" value={months} error={errors.fields.life_months} onChange={(event) => setMonths(event.target.value)} />
        <Input label={t('residualRate')} inputMode="decimal" value={residual} error={errors.fields.residual_rate} onChange={(event) => setResidual(event.target.value)} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-500">
        <span data-life-default="">{t('default', { months: row.default_life_months, residual: row.default_residual_rate })}</span>
        {row.custom && (
          <Button variant="secondary" disabled={save.isPending} onClick={() => void send({ category_id: row.category_id, life_months: null, residual_rate: null })}>
            {t('reset')}
          </Button>
        )}
      </div>
      {saved && (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          {t('saved')}
        </p>
      )}
    </FormFrameDialog>
  );
}
