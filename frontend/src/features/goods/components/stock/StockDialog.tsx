'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { asApiError } from '../../lib/apiError';
import { skuLabel } from '../../lib/sku';
import { parseStockInput, stockAfter, type StockInputError, type StockMode } from '../../lib/stock';
import { useSkuStock, useUpdateSkuStock } from '../../queries';
import type { SkuStock } from '../../types';
import { controlClass } from '@/components/ui/fields';
import { TableError } from '@/components/data-table/TableStates';

/** The server's words for a refused change: the field's message when it names one. */
function refusalText(error: Error): string {
  const apiError = asApiError(error);
  if (!apiError) return error.message || String(error);
  const quantity = apiError.failure.fields?.quantity;
  return quantity && quantity.length > 0 ? `${apiError.message}：${quantity.join('; ')}` : apiError.message;
}

function StockRow({ goodsId, sku, onUpdated }: { goodsId: number; sku: SkuStock; onUpdated?: (row: SkuStock) => void }) {
  const t = useTranslations('goods.stock');
  const update = useUpdateSkuStock(goodsId);
  const inputId = useId();
  const [mode, setMode] = useState<StockMode>('add');
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<StockInputError | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const label = skuLabel(sku.specs, t('defaultSku'));
  const parsed = text.trim() ? parseStockInput(mode, text) : null;
  const preview = parsed?.ok ? stockAfter(mode, parsed.quantity, sku.stock) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setDone(null);
    const input = parseStockInput(mode, text);
    if (!input.ok) {
      setInputError(input.error);
      return;
    }
    setInputError(null);
    update.mutate(
      { sku_id: sku.sku_id, mode, quantity: input.quantity },
      {
        onSuccess: (row) => {
          setText('');
          setDone(row.stock);
          onUpdated?.(row);
        },
        onError: (error) => setRefusal(refusalText(error)),
      },
    );
  };

  const message = inputError ? t(`errors.${inputError}`) : refusal;
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-800">
        {label}
        {sku.code && <span className="block text-xs font-normal text-slate-500">{sku.code}</span>}
      </th>
      <td className="px-3 py-2 tabular-nums" aria-label={t('currentOf', { sku: label })}>
        {sku.stock}
      </td>
      <td className="px-3 py-2">
        <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
          <select
            aria-label={t('modeOf', { sku: label })}
            value={mode}
            onChange={(event) => {
              setMode(event.target.value as StockMode);
              setInputError(null);
            }}
            className={`${controlClass()} w-24 px-2 py-1.5`}
          >
            <option value="add">{t('modeAdd')}</option>
            <option value="set">{t('modeSet')}</option>
          </select>
          <div className="w-28">
            <label htmlFor={inputId} className="sr-only">
              {t('quantityOf', { sku: label })}
            </label>
            <input
              id={inputId}
              type="text"
              inputMode={mode === 'set' ? 'numeric' : 'text'}
              value={text}
              placeholder={mode === 'set' ? t('setPlaceholder') : t('addPlaceholder')}
              onChange={(event) => {
                setText(event.target.value);
                setInputError(null);
              }}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${inputId}-message` : undefined}
              className={`${controlClass(message ?? undefined)} px-2 py-1.5 tabular-nums`}
            />
          </div>
          <Button type="submit" variant="secondary" className="px-3 py-1.5" loading={update.isPending} aria-label={t('applyOf', { sku: label })}>
            {t('apply')}
          </Button>
        </form>
        {preview !== null && !message && (
          <p className={`mt-1 text-xs ${preview < 0 ? 'text-amber-700' : 'text-slate-500'}`}>
            {preview < 0 ? t('previewBelowZero', { stock: sku.stock }) : t('preview', { stock: preview })}
          </p>
        )}
        {message && (
          <p id={`${inputId}-message`} role="alert" className="mt-1 text-xs text-red-600">
            {message}
          </p>
        )}
        {done !== null && !message && (
          <p role="status" className="mt-1 text-xs text-emerald-700">
            {t('updated', { stock: done })}
          </p>
        )}
      </td>
    </tr>
  );
}

/**
 * Per-SKU stock of one goods item: set a new figure or add/subtract a delta, one SKU at a time,
 * each refusal shown beside its SKU. Used from the goods list and from the editor.
 */
export function StockDialog({
  goods,
  onClose,
  onUpdated,
}: {
  goods: { id: number; title: string } | null;
  onClose: () => void;
  onUpdated?: (row: SkuStock) => void;
}) {
  const t = useTranslations('goods.stock');
  const tc = useTranslations('common');
  const stock = useSkuStock(goods?.id ?? null);

  let body: React.ReactNode;
  if (!goods || stock.isPending) body = <div className="flex justify-center py-8"><Spinner label={t('loading')} /></div>;
  else if (stock.isError) body = <TableError title={t('loadError')} onRetry={() => stock.refetch()} />;
  else if (stock.data.length === 0) body = <p className="py-6 text-center text-sm text-slate-500">{t('none')}</p>;
  else
    body = (
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table aria-label={t('table')} aria-busy={stock.isFetching || undefined} className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">{t('specs')}</th>
              <th scope="col" className="px-3 py-2 text-left">{t('current')}</th>
              <th scope="col" className="px-3 py-2 text-left">{t('change')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stock.data.map((sku) => (
              <StockRow key={sku.sku_id} goodsId={goods.id} sku={sku} onUpdated={onUpdated} />
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <Dialog
      open={goods !== null}
      onClose={onClose}
      title={goods ? t('titleOf', { title: goods.title }) : t('title')}
      width={640}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {tc('close')}
        </Button>
      }
    >
      <p className="mb-3 text-xs text-slate-500">{t('hint')}</p>
      {body}
    </Dialog>
  );
}
