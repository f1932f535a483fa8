'use client';

/**
 * The shop's inspection checklists and damage price list (saveInspectionTemplate): pick the
 * default for phones or laptops, or a category's, edit its items (kind, required, blocks
 * restock, cosmetic, a price per severity) and the fixed charge for a locked device; the
 * fineness table the results map to is shown beside it.
 */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DialogSection } from '@/components/DetailDialog';
import { DetailQueryBody } from '@/components/DetailSection';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Button } from '@/components/ui/Button';
import { Checkbox, Input } from '@/components/ui/Input';
import { SelectField } from '@/components/ui/fields';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { SEVERITIES } from '../lib/inspection';
import { useInspectionTemplates, useSaveTemplate } from '../queries';
import type { SaveTemplateBody, TemplateList, TemplateRow } from '../types';

type ItemDraft = SaveTemplateBody['items'][number] & { choicesText: string; failText: string };

const splitList = (text: string) =>
  text
    .split(/[,，、]/)
    .map((part) => part.trim())
    .filter(Boolean);

function draftOf(row: TemplateRow): ItemDraft[] {
  return row.items.map((item) => ({ ...item, min_pass: item.min_pass, choicesText: item.choices.join(', '), failText: item.fail_choices.join(', ') }));
}

export function TemplateEditorDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('assets.second.templates');
  const query = useInspectionTemplates();
  return (
    <FormFrameDialogShell onClose={onClose} query={query} label={t('loadError')}>
      {(data) => <TemplateEditor data={data} onClose={onClose} />}
    </FormFrameDialogShell>
  );
}

function FormFrameDialogShell({ onClose, query, label, children }: { onClose: () => void; query: ReturnType<typeof useInspectionTemplates>; label: string; children: (data: TemplateList) => React.ReactNode }) {
  const t = useTranslations('assets.second.templates');
  if (query.data) return <>{children(query.data)}</>;
  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('save')} cancelLabel={t('cancel')} failedLabel={t('failed')} busy={false} disabled onClose={onClose} onSubmit={() => undefined}>
      <DetailQueryBody query={query} errorTitle={label}>
        {() => null}
      </DetailQueryBody>
    </FormFrameDialog>
  );
}

function keyOf(row: TemplateRow): string {
  return row.category_id === null ? `default:${row.base}` : `category:${row.category_id}`;
}

function TemplateEditor({ data, onClose }: { data: TemplateList; onClose: () => void }) {
  const t = useTranslations('assets.second.templates');
  const severity = useTranslations('assets.second.inspect.severities');
  const save = useSaveTemplate();
  const [chosen, setChosen] = useState(() => keyOf(data.templates[0] as TemplateRow));
  const row = data.templates.find((candidate) => keyOf(candidate) === chosen) ?? (data.templates[0] as TemplateRow);
  const [name, setName] = useState(row.name);
  const [fee, setFee] = useState(row.quarantine_fee);
  const [items, setItems] = useState<ItemDraft[]>(() => draftOf(row));
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({ fields: {} });
  const [saved, setSaved] = useState(false);

  const pick = (key: string) => {
    const next = data.templates.find((candidate) => keyOf(candidate) === key);
    if (!next) return;
    setChosen(key);
    setName(next.name);
    setFee(next.quarantine_fee);
    setItems(draftOf(next));
    setErrors({ fields: {} });
    setSaved(false);
  };
  const patch = (index: number, change: Partial<ItemDraft>) => setItems((current) => current.map((item, at) => (at === index ? { ...item, ...change } : item)));

  const submit = async () => {
    setSaved(false);
    try {
      await save.mutateAsync({
        category_id: row.category_id,
        base: row.base,
        name: name.trim(),
        quarantine_fee: fee || '0',
        items: items.map(({ choicesText, failText, ...item }) => ({
          ...item,
          choices: item.kind === 'choice' ? splitList(choicesText) : [],
          fail_choices: item.kind === 'choice' ? splitList(failText) : [],
          min_pass: item.kind === 'number' && item.min_pass !== '' ? item.min_pass : null,
        })),
      });
      setErrors({ fields: {} });
      setSaved(true);
    } catch (error) {
      const apiError = asApiError(error);
      const fields = apiError ? fieldErrorsOf(apiError) : {};
      setErrors(Object.keys(fields).length > 0 ? { fields, form: Object.entries(fields).map(([field, message]) => `${field}: ${message}`).join('；') } : { fields: {}, form: apiError?.message || t('failed') });
    }
  };

  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('save')} cancelLabel={t('cancel')} failedLabel={t('failed')} busy={save.isPending} failure={errors.form} width={860} onClose={onClose} onSubmit={() => void submit()}>
      <SelectField
        label={t('pick')}
        value={chosen}
        onChange={(event) => pick(event.target.value)}
        options={data.templates.map((candidate) => ({
          value: keyOf(candidate),
          label: candidate.category_id === null ? t('default', { name: candidate.name }) : t('category', { name: candidate.category_name }),
        }))}
      />
      {row.is_builtin && <p className="text-xs text-slate-500">{t('builtin')}</p>}
      <Input label={t('name')} value={name} maxLength={50} onChange={(event) => setName(event.target.value)} error={errors.fields.name} />
      <Input label={t('fee')} inputMode="decimal" value={fee} onChange={(event) => setFee(event.target.value)} error={errors.fields.quarantine_fee} />
      <DialogSection id="template-items" title={t('items')}>
        <ul className="flex flex-col divide-y divide-slate-100" data-template-items>
          {items.map((item, index) => (
            <li key={index} className="flex flex-col gap-2 py-3" data-template-item={item.code}>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
                <Input label={t('code')} value={item.code} maxLength={30} onChange={(event) => patch(index, { code: event.target.value })} error={errors.fields[`items.${index}.code`]} />
                <Input label={t('label')} value={item.label} maxLength={50} onChange={(event) => patch(index, { label: event.target.value })} error={errors.fields[`items.${index}.label`]} />
                <SelectField label={t('kind')} value={item.kind} onChange={(event) => patch(index, { kind: event.target.value as ItemDraft['kind'] })} options={(['pass_fail', 'number', 'choice'] as const).map((value) => ({ value, label: t(`kinds.${value}`) }))} />
              </div>
              {item.kind === 'choice' && (
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  <Input label={t('choices')} value={item.choicesText} onChange={(event) => patch(index, { choicesText: event.target.value })} error={errors.fields[`items.${index}.choices`]} />
                  <Input label={t('failChoices')} value={item.failText} onChange={(event) => patch(index, { failText: event.target.value })} error={errors.fields[`items.${index}.fail_choices`]} />
                </div>
              )}
              {item.kind === 'number' && <Input label={t('minPass')} inputMode="decimal" value={item.min_pass ?? ''} onChange={(event) => patch(index, { min_pass: event.target.value })} className="max-w-48" />}
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
                {SEVERITIES.map((level) => (
                  <Input
                    key={level}
                    label={severity(level)}
                    inputMode="decimal"
                    value={String(item.prices?.[level] ?? '0.00')}
                    onChange={(event) => patch(index, { prices: { ...item.prices, [level]: event.target.value } })}
                    error={errors.fields[`items.${index}.prices.${level}`]}
                  />
                ))}
              </div>
              <div className="flex flex-wrap items-center gap-4">
                <Checkbox label={t('required')} checked={item.required} onChange={(event) => patch(index, { required: event.target.checked })} />
                <Checkbox label={t('blocks')} checked={item.blocks_restock} onChange={(event) => patch(index, { blocks_restock: event.target.checked })} />
                <Checkbox label={t('cosmetic')} checked={item.cosmetic} onChange={(event) => patch(index, { cosmetic: event.target.checked })} />
                <Button variant="ghost" onClick={() => setItems((current) => current.filter((_, at) => at !== index))} aria-label={t('remove', { label: item.label || item.code })}>
                  ×
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              setItems((current) => [
                ...current,
                { code: `item_${current.length + 1}`, label: '', label_en: '', kind: 'pass_fail', required: true, blocks_restock: false, cosmetic: false, prices: { minor: '0.00', moderate: '0.00', severe: '0.00' }, choices: [], fail_choices: [], min_pass: null, unit: '', choicesText: '', failText: '' },
              ])
            }
          >
            {t('add')}
          </Button>
        </div>
      </DialogSection>
      <DialogSection id="template-fineness" title={t('fineness')}>
        <ul className="grid grid-cols-2 gap-1 text-xs text-slate-700 sm:grid-cols-4" data-fineness-table>
          {data.fineness_table.map((entry) => (
            <li key={`${entry.functional}-${entry.cosmetic_grade}`}>
              {t(`functional.${entry.functional}`)} · {entry.cosmetic_grade} → {entry.fineness}
            </li>
          ))}
        </ul>
      </DialogSection>
      {saved && (
        <p role="status" className="text-sm text-green-700">
          {t('saved')}
        </p>
      )}
    </FormFrameDialog>
  );
}
