'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { DateField } from '@/components/ui/DateField';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { IconButton } from '@/components/ui/IconButton';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/fields';
import { asApiError } from '@/lib/apiError';
import { businessDay } from '@/lib/businessTime';
import { newIdempotencyKey } from '@/lib/idempotency';
import { parseMoneyInput } from '@/lib/money';
import { checkDraftLines, draftTotal, lineFieldErrors, type DraftLine, type DraftLineError } from '../lib/stock';
import { GRADES } from '../lib/units';
import { useCreateReceipt } from '../queries';
import type { CreateReceiptBody } from '../types';
import { SkuPicker } from './SkuPicker';
import { SupplierPicker } from './SupplierPicker';
import { useGradeName } from './UnitBadges';

type ReceiptFineness = NonNullable<CreateReceiptBody['lines'][number]['fineness']>;

const LINES_MAX = 50;

function emptyLine(key: number): DraftLine {
  return { key, sku_id: null, sku_label: '', quantity: '', unit_cost: '', fineness: '' };
}

/** A new stock receipt: supplier, date, invoice number, lines of SKU × quantity × unit cost × fineness (a used purchase: its units come in at that fineness and count in its stock). One idempotency key per opening. */
export function CreateReceiptDialog({ onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const t = useTranslations('assets.create');
  const create = useCreateReceipt();
  const gradeName = useGradeName();
  const [key] = useState(() => newIdempotencyKey('stock-receipt'));
  const [supplierId, setSupplierId] = useState<number | null>(null);
  const [date, setDate] = useState(() => businessDay());
  const [invoice, setInvoice] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([emptyLine(1)]);
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server's words on a line's SKU (a counted SKU: received by count, not by unit), by line key.
  const [skuRefusals, setSkuRefusals] = useState<Record<number, string>>({});
  const lineErrors: DraftLineError[] = checked ? checkDraftLines(lines) : lines.map(() => ({}));
  const today = businessDay();

  const patch = (lineKey: number, change: Partial<DraftLine>) => setLines((current) => current.map((line) => (line.key === lineKey ? { ...line, ...change } : line)));

  const submit = async () => {
    setChecked(true);
    setFailure(null);
    const errors = checkDraftLines(lines);
    if (supplierId === null || !date || errors.some((error) => Object.keys(error).length > 0)) return;
    try {
      const saved = await create.mutateAsync({
        supplier_id: supplierId,
        receipt_date: date,
        invoice_no: invoice.trim(),
        attachment_path: '',
        lines: lines.map((line) => ({ sku_id: line.sku_id as number, expected_quantity: Number(line.quantity.trim()), unit_cost: parseMoneyInput(line.unit_cost) as string, fineness: line.fineness as ReceiptFineness })),
        idempotency_key: key,
      });
      onClose();
      onCreated(saved.id);
    } catch (error) {
      const apiError = asApiError(error);
      setSkuRefusals(apiError ? lineFieldErrors(apiError.failure.fields, 'sku_id', lines.map((line) => line.key)) : {});
      setFailure(apiError?.message || t('failed'));
    }
  };

  const lineError = (index: number, field: 'sku' | 'quantity' | 'unit_cost') => {
    const code = lineErrors[index]?.[field];
    if (code) return t(`lineErrors.${code}`);
    const key = lines[index]?.key;
    return field === 'sku' && key !== undefined ? skuRefusals[key] : undefined;
  };

  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('save')} cancelLabel={t('cancel')} failedLabel={t('failed')} busy={create.isPending} failure={failure} width={760} onClose={onClose} onSubmit={() => void submit()}>
      <SupplierPicker value={supplierId} onChange={setSupplierId} error={checked && supplierId === null ? t('supplierRequired') : undefined} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <DateField label={t('date')} value={date} max={today} onChange={setDate} error={checked && !date ? t('dateRequired') : undefined} />
        <Input label={t('invoice')} value={invoice} maxLength={64} onChange={(event) => setInvoice(event.target.value)} />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('lines')}</legend>
        {lines.map((line, index) => (
          <div key={line.key} className="grid grid-cols-1 gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_6rem_8rem_7rem_auto] sm:items-start" data-receipt-line={index + 1}>
            <SkuPicker label={t('sku', { n: index + 1 })} value={line.sku_id ? { sku_id: line.sku_id, label: line.sku_label } : null} error={lineError(index, 'sku')} onChange={(sku) => {
                patch(line.key, { sku_id: sku?.sku_id ?? null, sku_label: sku?.label ?? '' });
                setSkuRefusals((current) => Object.fromEntries(Object.entries(current).filter(([key]) => Number(key) !== line.key)));
              }} />
            <Input label={t('quantity')} inputMode="numeric" value={line.quantity} maxLength={4} error={lineError(index, 'quantity')} onChange={(event) => patch(line.key, { quantity: event.target.value })} />
            <Input label={t('unitCost')} inputMode="decimal" value={line.unit_cost} maxLength={12} error={lineError(index, 'unit_cost')} onChange={(event) => patch(line.key, { unit_cost: event.target.value })} />
            <Select label={t('fineness')} hint={line.fineness ? t('usedHint') : undefined} value={line.fineness} onChange={(event) => patch(line.key, { fineness: event.target.value })} data-receipt-fineness>
              <option value="">{t('finenessOwn')}</option>
              {GRADES.map((grade) => (
                <option key={grade} value={grade}>
                  {gradeName(grade)}
                </option>
              ))}
            </Select>
            <div className="sm:pt-6">
              <IconButton label={t('removeLine', { n: index + 1 })} disabled={lines.length === 1} onClick={() => setLines((current) => current.filter((item) => item.key !== line.key))} className="rounded p-2 text-slate-400 hover:bg-slate-100 hover:text-red-600 disabled:opacity-40">
                <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                  <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                </svg>
              </IconButton>
            </div>
          </div>
        ))}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="secondary" disabled={lines.length >= LINES_MAX} onClick={() => setLines((current) => [...current, emptyLine(Math.max(...current.map((line) => line.key)) + 1)])}>
            {t('addLine')}
          </Button>
          <span className="text-sm text-slate-700" data-receipt-total>
            {t('total', { total: formatCurrency(draftTotal(lines)) })}
          </span>
        </div>
      </fieldset>
    </FormFrameDialog>
  );
}
