'use client';

/**
 * A returned device's second life on its page (issue 63, docs/assets.md "Inspections"): its
 * inspections (each compared with the shipping baseline), its work orders and their steps, the
 * customer's to-do while quarantined, and the dialogs that inspect by checklist, send to
 * repair, finish a work order and scrap.
 */
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { DetailDialog, DialogSection } from '@/components/DetailDialog';
import { formatCurrency, formatDateTime } from '@/components/format';
import { Banner } from '@/components/ui/Banner';
import { Button } from '@/components/ui/Button';
import { FileInput } from '@/components/ui/FileInput';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Checkbox, Input } from '@/components/ui/Input';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { UserText } from '@/components/ui/UserText';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { newIdempotencyKey } from '@/lib/idempotency';
import { COSMETIC_GRADES, type CosmeticGrade, damagePreview, initialLines, type LineState, linePassed, linesBody, missingRequired, OCCASIONS, SEVERITIES, WORK_ORDER_KINDS } from '../lib/inspection';
import { GRADES } from '../lib/units';
import { useCreateInspection, useCreateWorkOrder, useInspectionDetail, useSuppliers, useUpdateWorkOrder } from '../queries';
import type { ComparedLine, InspectionDetail, UnitDetail, UnitInspection, UnitWorkOrder } from '../types';
import { useGradeName } from './UnitBadges';

type Occasion = (typeof OCCASIONS)[number];
type WorkOrderKind = (typeof WORK_ORDER_KINDS)[number];
type WorkOrderStep = 'start' | 'done' | 'fail' | 'cancel';

const PHOTO_MAX = 1024 * 1024;

function failureOf(error: unknown, fallback: string): { fields: Record<string, string>; form?: string } {
  const apiError = asApiError(error);
  const fields = apiError ? fieldErrorsOf(apiError) : {};
  return Object.keys(fields).length > 0 ? { fields } : { fields: {}, form: apiError?.message || fallback };
}

/** Quarantined: what the customer must do before the device can go on. */
export function CustomerTodo({ todo }: { todo: readonly string[] }) {
  const t = useTranslations('assets.second');
  if (todo.length === 0) return null;
  return (
    <Banner label={t('todoTitle')} tone="warning" data-customer-todo="">
      <p>{t('todoHint')}</p>
      <ul className="list-disc pl-5">
        {todo.map((item) => (
          <li key={item}>
            <UserText>{item}</UserText>
          </li>
        ))}
      </ul>
    </Banner>
  );
}

function resultText(t: ReturnType<typeof useTranslations<'assets.second'>>, row: UnitInspection): string {
  if (row.blocked) return t('blocked');
  return row.functional_pass ? t('passed') : t('notPassed');
}

/** The unit's inspections, newest first; each opens beside its baseline. */
export function InspectionList({ inspections }: { inspections: readonly UnitInspection[] }) {
  const t = useTranslations('assets.second');
  const [open, setOpen] = useState<number | null>(null);
  if (inspections.length === 0) return <p className="text-sm text-slate-500">{t('noInspections')}</p>;
  return (
    <>
      <ul className="flex flex-col divide-y divide-slate-100" data-unit-inspections>
        {inspections.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-inspection-occasion={row.occasion}>
            <div className="flex min-w-0 flex-col">
              <span className="font-medium text-slate-900">{t(`occasion.${row.occasion}`)}</span>
              <span className="text-xs text-slate-500">
                {formatDateTime(row.finished_at)}
                {row.inspector_name && (
                  <>
                    {' · '}
                    <UserText>{row.inspector_name}</UserText>
                  </>
                )}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700">
              <span className={row.blocked || !row.functional_pass ? 'text-red-700' : 'text-green-700'}>{resultText(t, row)}</span>
              <span>
                {row.cosmetic_grade} → {row.fineness}
              </span>
              {Number(row.damage_total) > 0 && <span className="tabular-nums">{formatCurrency(row.damage_total)}</span>}
              <Button variant="link" onClick={() => setOpen(row.id)} aria-label={t('viewInspection', { id: row.id })}>
                {t('view')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <CompareDialog id={open} onClose={() => setOpen(null)} />
    </>
  );
}

function lineValue(t: ReturnType<typeof useTranslations<'assets.second'>>, line: ComparedLine['baseline'] | ComparedLine): string {
  if (!line) return '—';
  const result = line.passed === null ? '—' : line.passed ? t('inspect.pass') : t('inspect.fail');
  const detail = line.value ?? line.choice;
  const severity = line.severity ? ` · ${t(`inspect.severities.${line.severity as 'minor'}`)}` : '';
  return detail ? `${detail} (${result})${severity}` : `${result}${severity}`;
}

function Photos({ photos, title }: { photos: InspectionDetail['photos']; title: string }) {
  const t = useTranslations('assets.second.compare');
  if (photos.length === 0) return null;
  return (
    <DialogSection id={`photos-${title}`} title={title}>
      <div className="flex flex-wrap gap-2">
        {photos.map((photo, index) =>
          photo.url ? (
            <a key={photo.file_id} href={photo.url} target="_blank" rel="noreferrer" className="block">
              {/* eslint-disable-next-line @next/next/no-img-element -- a private signed link, not an optimisable asset */}
              <img src={photo.url} alt={t('photo', { n: index + 1 })} className="size-24 rounded-md border border-slate-200 object-cover" />
            </a>
          ) : null,
        )}
      </div>
    </DialogSection>
  );
}

/** One inspection beside its shipping baseline: each item, what changed, the damage. */
function CompareDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTranslations('assets.second');
  const query = useInspectionDetail(id);
  return (
    <DetailDialog
      open={id !== null}
      onClose={onClose}
      query={query}
      width={720}
      title={(data) => `${t('compare.title', { id: data.id })} · ${t(`occasion.${data.occasion}`)}`}
      loadingTitle={t('compare.title', { id: id ?? 0 })}
      errorTitle={t('compare.loadError')}
      closeLabel={t('compare.close')}
    >
      {(data) => (
        <div className="flex flex-col gap-4" data-inspection-compare={data.id}>
          <p className="text-sm text-slate-700">
            {t('compare.fineness', { functional: data.functional_pass ? t('compare.functionalPass') : t('compare.functionalFail'), grade: data.cosmetic_grade, fineness: data.fineness })}
          </p>
          <p className="text-sm text-slate-700 tabular-nums">{t('compare.total', { total: formatCurrency(data.damage_total), computed: formatCurrency(data.damage_computed) })}</p>
          {data.damage_reason && <p className="text-sm text-slate-700">{t('compare.reason', { reason: data.damage_reason })}</p>}
          {data.occasion !== 'ship_baseline' && !data.baseline && <p className="text-sm text-slate-500">{t('compare.noBaseline')}</p>}
          {data.baseline && <p className="text-sm font-medium text-slate-800">{t('compare.changedCount', { count: data.changed_count })}</p>}
          <ul className="flex flex-col divide-y divide-slate-100 text-sm">
            {data.lines.map((line) => (
              <li key={line.code} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-center" data-line={line.code} data-changed={line.changed ? 'true' : 'false'}>
                <span className="font-medium text-slate-900">
                  <UserText>{line.label}</UserText>
                </span>
                {data.baseline && (
                  <span className="text-slate-500">
                    {t('compare.baseline')}: {lineValue(t, line.baseline)}
                  </span>
                )}
                <span className={line.passed === false ? 'text-red-700' : 'text-slate-700'}>
                  {t('compare.now')}: {lineValue(t, line)}
                </span>
                <span className="flex items-center gap-2 text-xs">
                  {data.baseline && <span className={line.changed ? 'rounded bg-amber-100 px-1.5 py-0.5 text-amber-800' : 'text-slate-400'}>{line.changed ? t('compare.changed') : t('compare.same')}</span>}
                  {Number(line.price) > 0 && <span className="tabular-nums">{formatCurrency(line.price)}</span>}
                </span>
              </li>
            ))}
          </ul>
          <Photos photos={data.photos} title={t('compare.photos')} />
          {data.baseline && <Photos photos={data.baseline.photos} title={t('compare.baselinePhotos')} />}
        </div>
      )}
    </DetailDialog>
  );
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Inspect a unit by its checklist: each item, the cosmetic grade, the damage by the list. */
export function InspectDialog({ unit, code, onClose }: { unit: UnitDetail; code: string; onClose: () => void }) {
  const t = useTranslations('assets.second');
  const template = unit.inspection_template;
  const create = useCreateInspection();
  const photoId = useId();
  const received = unit.status === 'received' || unit.status === 'inspecting';
  const [occasion, setOccasion] = useState<Occasion>(received ? 'return' : 'periodic');
  const [lines, setLines] = useState<Record<string, LineState>>(() => initialLines(template.items));
  const [grade, setGrade] = useState<CosmeticGrade>('A');
  const [override, setOverride] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [key] = useState(() => newIdempotencyKey('inspect'));
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({ fields: {} });
  const charged = occasion === 'return' || occasion === 'exchange';
  const computed = damagePreview(template.items, lines, template.quarantine_fee);
  const set = (code: string, patch: Partial<LineState>) => setLines((current) => ({ ...current, [code]: { ...current[code], ...patch } as LineState }));

  const submit = async () => {
    const missing = missingRequired(template.items, lines);
    if (missing.length > 0) {
      const labels = template.items.filter((item) => missing.includes(item.code)).map((item) => item.label);
      setErrors({ fields: {}, form: t('inspect.missing', { items: labels.join('、') }) });
      return;
    }
    if (charged && override.trim() !== '' && Number(override) !== Number(computed) && reason.trim() === '') {
      setErrors({ fields: { damage_reason: t('inspect.reasonRequired') } });
      return;
    }
    if (photos.some((file) => file.size > PHOTO_MAX)) {
      setErrors({ fields: { photos_base64: t('inspect.tooBig') } });
      return;
    }
    try {
      const photosBase64 = await Promise.all(photos.map(readBase64));
      await create.mutateAsync({
        occasion,
        unit_id: unit.id,
        cosmetic_grade: grade,
        lines: linesBody(template.items, lines),
        damage_amount: charged && override.trim() !== '' ? override.trim() : null,
        damage_reason: reason.trim(),
        note: note.trim(),
        photos_base64: photosBase64,
        idempotency_key: key,
      });
      onClose();
    } catch (error) {
      setErrors(failureOf(error, t('inspect.failed')));
    }
  };

  const occasions = received ? (['return', 'exchange'] as const) : (['periodic', ...(unit.receipt_id ? (['receipt'] as const) : [])] as const);
  return (
    <FormFrameDialog
      title={t('inspect.title', { code })}
      confirmLabel={t('inspect.save')}
      cancelLabel={t('inspect.cancel')}
      failedLabel={t('inspect.failed')}
      busy={create.isPending}
      failure={errors.form}
      width={720}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <p className="text-sm text-slate-600">{t('inspect.checklist', { name: template.name })}</p>
      <SelectField label={t('inspect.occasion')} value={occasion} onChange={(event) => setOccasion(event.target.value as Occasion)} options={occasions.map((value) => ({ value, label: t(`occasion.${value}`) }))} />
      <ul className="flex flex-col divide-y divide-slate-100" data-checklist>
        {template.items.map((item) => {
          const line = lines[item.code] ?? { passed: null, value: '', choice: '', severity: '' };
          const passed = linePassed(item, line);
          return (
            <li key={item.code} className="flex flex-col gap-2 py-2" data-item={item.code}>
              <div className="flex flex-wrap items-baseline gap-2 text-sm">
                <span className="font-medium text-slate-900">
                  <UserText>{item.label}</UserText>
                </span>
                {item.required && <span className="text-xs text-slate-500">{t('inspect.required')}</span>}
                {item.blocks_restock && <span className="rounded bg-red-50 px-1.5 text-xs text-red-700">{t('inspect.blocks')}</span>}
              </div>
              <div className="flex flex-wrap items-end gap-2">
                {item.kind === 'pass_fail' && (
                  <div className="flex gap-2" role="group" aria-label={item.label}>
                    <Button variant={line.passed === true ? 'primary' : 'secondary'} onClick={() => set(item.code, { passed: true })} aria-pressed={line.passed === true}>
                      {t('inspect.pass')}
                    </Button>
                    <Button variant={line.passed === false ? 'danger' : 'secondary'} onClick={() => set(item.code, { passed: false })} aria-pressed={line.passed === false}>
                      {t('inspect.fail')}
                    </Button>
                  </div>
                )}
                {item.kind === 'number' && (
                  <Input
                    label={`${item.label}${item.unit ? ` (${item.unit})` : ''}`}
                    inputMode="decimal"
                    value={line.value}
                    onChange={(event) => set(item.code, { value: event.target.value })}
                    className="w-40"
                    error={errors.fields[`lines.${item.code}`]}
                  />
                )}
                {item.kind === 'choice' && (
                  <SelectField
                    label={t('inspect.choice')}
                    value={line.choice}
                    onChange={(event) => set(item.code, { choice: event.target.value })}
                    options={[{ value: '', label: t('inspect.choose') }, ...item.choices.map((choice) => ({ value: choice, label: choice, userText: true }))]}
                    className="w-48"
                  />
                )}
                {passed === false && (
                  <SelectField
                    label={t('inspect.severity')}
                    value={line.severity}
                    onChange={(event) => set(item.code, { severity: event.target.value as LineState['severity'] })}
                    options={[
                      { value: '', label: t('inspect.noSeverity') },
                      ...SEVERITIES.map((severity) => ({ value: severity, label: `${t(`inspect.severities.${severity}`)} ${formatCurrency(item.prices[severity] ?? '0')}` })),
                    ]}
                    className="w-48"
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <SelectField label={t('inspect.cosmeticGrade')} value={grade} onChange={(event) => setGrade(event.target.value as CosmeticGrade)} options={COSMETIC_GRADES.map((value) => ({ value, label: t(`inspect.grades.${value}`) }))} />
      {charged && (
        <>
          <p className="text-sm font-medium text-slate-800 tabular-nums" data-damage-preview={computed}>
            {t('inspect.damageList', { amount: formatCurrency(computed) })}
          </p>
          <Input label={t('inspect.damageOverride')} inputMode="decimal" value={override} onChange={(event) => setOverride(event.target.value)} error={errors.fields.damage_amount} />
          <TextAreaField label={t('inspect.damageReason')} value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} error={errors.fields.damage_reason} />
        </>
      )}
      <TextAreaField label={t('inspect.note')} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      <div>
        <label htmlFor={photoId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('inspect.photos')}
        </label>
        <FileInput id={photoId} accept="image/jpeg,image/png" multiple onFiles={(files) => setPhotos(files.slice(0, 3))} />
        {errors.fields.photos_base64 && <p className="mt-1 text-xs text-red-600">{errors.fields.photos_base64}</p>}
      </div>
    </FormFrameDialog>
  );
}

/** The unit's work orders, newest first, with the steps an open one can take. */
export function WorkOrderList({ workOrders, canAdjust }: { workOrders: readonly UnitWorkOrder[]; canAdjust: boolean }) {
  const t = useTranslations('assets.second');
  const gradeName = useGradeName();
  const update = useUpdateWorkOrder();
  const [finishing, setFinishing] = useState<UnitWorkOrder | null>(null);
  if (workOrders.length === 0) return <p className="text-sm text-slate-500">{t('noWorkOrders')}</p>;
  const step = (row: UnitWorkOrder, action: WorkOrderStep) => (action === 'done' ? setFinishing(row) : void update.mutateAsync({ id: row.id, action, grade_after: '', note: '' }).catch(() => undefined));
  return (
    <>
      <ul className="flex flex-col divide-y divide-slate-100" data-unit-work-orders>
        {workOrders.map((row) => {
          const open = row.status === 'open' || row.status === 'in_progress';
          return (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-work-order-status={row.status}>
              <div className="flex min-w-0 flex-col">
                <span className="font-medium text-slate-900">
                  #{row.id} {t(`woKind.${row.kind}`)} · {t(`woStatus.${row.status}`)}
                </span>
                <span className="text-xs text-slate-500">
                  {row.supplier_name ? <UserText>{row.supplier_name}</UserText> : t('inHouse')}
                  {row.warranty && ` · ${t('warranty')}`}
                  {' · '}
                  {formatDateTime(row.opened_at)}
                </span>
                {row.status === 'done' && (
                  <span className="text-xs text-slate-700 tabular-nums">
                    {gradeName(row.grade_before, row.grade_before)} → {gradeName(row.grade_after, row.grade_after)} · {formatCurrency(row.parts_cost)} + {formatCurrency(row.labour_cost)}
                  </span>
                )}
              </div>
              {open && canAdjust && (
                <div className="flex flex-wrap gap-2">
                  {row.status === 'open' && (
                    <Button variant="secondary" onClick={() => step(row, 'start')}>
                      {t('wo.start')}
                    </Button>
                  )}
                  <Button variant="primary" onClick={() => step(row, 'done')} data-work-order-done={row.id}>
                    {t('wo.done')}
                  </Button>
                  <Button variant="secondary" onClick={() => step(row, 'fail')}>
                    {t('wo.fail')}
                  </Button>
                  <Button variant="ghost" onClick={() => step(row, 'cancel')}>
                    {t('wo.cancel')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {finishing && <WorkOrderDoneDialog workOrder={finishing} onClose={() => setFinishing(null)} />}
    </>
  );
}

function WorkOrderDoneDialog({ workOrder, onClose }: { workOrder: UnitWorkOrder; onClose: () => void }) {
  const t = useTranslations('assets.second.workOrder');
  const gradeName = useGradeName();
  const update = useUpdateWorkOrder();
  const [grade, setGrade] = useState('');
  const [parts, setParts] = useState('0.00');
  const [labour, setLabour] = useState('0.00');
  const [capitalise, setCapitalise] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({ fields: {} });
  const submit = async () => {
    if (!grade) {
      setErrors({ fields: { grade_after: t('gradeRequired') } });
      return;
    }
    try {
      await update.mutateAsync({ id: workOrder.id, action: 'done', grade_after: grade as (typeof GRADES)[number], parts_cost: parts || '0', labour_cost: labour || '0', capitalise, note: '' });
      onClose();
    } catch (error) {
      setErrors(failureOf(error, t('failed')));
    }
  };
  return (
    <FormFrameDialog title={t('doneTitle', { id: workOrder.id })} confirmLabel={t('confirm')} cancelLabel={t('cancel')} failedLabel={t('failed')} busy={update.isPending} failure={errors.form} onClose={onClose} onSubmit={() => void submit()}>
      <SelectField label={t('gradeAfter')} value={grade} onChange={(event) => setGrade(event.target.value)} error={errors.fields.grade_after} options={[{ value: '', label: '—' }, ...GRADES.map((value) => ({ value, label: gradeName(value, value) }))]} />
      <Input label={t('parts')} inputMode="decimal" value={parts} onChange={(event) => setParts(event.target.value)} error={errors.fields.parts_cost} />
      <Input label={t('labour')} inputMode="decimal" value={labour} onChange={(event) => setLabour(event.target.value)} error={errors.fields.labour_cost} />
      <Checkbox label={t('capitalise')} checked={capitalise} onChange={(event) => setCapitalise(event.target.checked)} />
    </FormFrameDialog>
  );
}

/** Send a unit to repair: a work order in house or by a repairer (a supplier). */
export function CreateWorkOrderDialog({ unit, code, onClose }: { unit: UnitDetail; code: string; onClose: () => void }) {
  const t = useTranslations('assets.second');
  const create = useCreateWorkOrder();
  const suppliers = useSuppliers();
  const [kind, setKind] = useState<WorkOrderKind>('repair');
  const [supplier, setSupplier] = useState('');
  const [warranty, setWarranty] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({ fields: {} });
  const latest = unit.inspections.find((row) => row.occasion !== 'ship_baseline');
  const submit = async () => {
    try {
      await create.mutateAsync({ unit_id: unit.id, kind, supplier_id: supplier ? Number(supplier) : null, warranty, note: note.trim(), inspection_id: latest?.id ?? null });
      onClose();
    } catch (error) {
      setErrors(failureOf(error, t('workOrder.failed')));
    }
  };
  return (
    <FormFrameDialog title={t('workOrder.title', { code })} confirmLabel={t('workOrder.create')} cancelLabel={t('workOrder.cancel')} failedLabel={t('workOrder.failed')} busy={create.isPending} failure={errors.form} onClose={onClose} onSubmit={() => void submit()}>
      <SelectField label={t('workOrder.kind')} value={kind} onChange={(event) => setKind(event.target.value as WorkOrderKind)} options={WORK_ORDER_KINDS.map((value) => ({ value, label: t(`woKind.${value}`) }))} />
      <SelectField
        label={t('workOrder.repairer')}
        value={supplier}
        onChange={(event) => setSupplier(event.target.value)}
        error={errors.fields.supplier_id}
        options={[{ value: '', label: t('workOrder.inHouse') }, ...(suppliers.data?.list ?? []).map((row) => ({ value: String(row.id), label: row.name, userText: true }))]}
      />
      <Checkbox label={t('workOrder.warranty')} checked={warranty} onChange={(event) => setWarranty(event.target.checked)} />
      <TextAreaField label={t('workOrder.note')} value={note} maxLength={300} onChange={(event) => setNote(event.target.value)} />
    </FormFrameDialog>
  );
}

/** Scrap a unit: final, with the reason and what was recovered for it. */
export function ScrapDialog({ unitId, title, hint, confirmLabel, onConfirm, onClose }: { unitId: number; title: string; hint: string; confirmLabel: string; onConfirm: (body: { unit_id: number; action: 'scrap'; reason: string; recovered_value: string }) => Promise<unknown>; onClose: () => void }) {
  const t = useTranslations('assets.second');
  const kit = useTranslations('kit.reason');
  const [reason, setReason] = useState('');
  const [value, setValue] = useState('0.00');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({ fields: {} });
  const submit = async () => {
    if (reason.trim() === '') {
      setErrors({ fields: { reason: kit('required') } });
      return;
    }
    setBusy(true);
    try {
      await onConfirm({ unit_id: unitId, action: 'scrap', reason: reason.trim(), recovered_value: value.trim() || '0' });
      onClose();
    } catch (error) {
      setErrors(failureOf(error, kit('failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormFrameDialog title={title} confirmLabel={confirmLabel} cancelLabel={kit('cancel')} failedLabel={kit('failed')} busy={busy} danger failure={errors.form} onClose={onClose} onSubmit={() => void submit()}>
      <p className="text-sm text-slate-600">{hint}</p>
      <TextAreaField label={kit('reason')} value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} error={errors.fields.reason} />
      <Input label={t('recoveredValue')} inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} error={errors.fields.recovered_value} />
    </FormFrameDialog>
  );
}
