'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { asApiError } from '../../lib/apiError';
import { skuLabel } from '../../lib/sku';
import { parseStockInput, stockAfter, type StockInputError, type StockMode } from '../../lib/stock';
import { trackedParts } from '../../lib/trackedStock';
import { useSkuStock, useUpdateSkuStock } from '../../queries';
import type { SkuStock } from '../../types';
import { controlClass } from '@/components/ui/fields';
import { Table } from '@/components/data-table/Table';
import { TableError } from '@/components/data-table/TableStates';
import type { ColumnDef } from '@/components/data-table/types';
import { TrackedStockLinks, useTrackedStockText } from './TrackedStock';

/** The server's words for a refused change: the field's message when it names one. */
function refusalText(error: Error): string {
  const apiError = asApiError(error);
  if (!apiError) return error.message || String(error);
  const quantity = apiError.failure.fields?.quantity;
  return quantity && quantity.length > 0 ? `${apiError.message}：${quantity.join('; ')}` : apiError.message;
}

/** One SKU's change while the dialog is open: what was typed, and what came of it. */
interface StockDraft {
  mode: StockMode;
  text: string;
  inputError: StockInputError | null;
  refusal: string | null;
  done: number | null;
  pending: boolean;
}

const NEW_DRAFT: StockDraft = { mode: 'add', text: '', inputError: null, refusal: null, done: null, pending: false };

/** A SKU's change form, its preview and its outcome (the draft is kept by the table). */
function StockChange({ sku, label, draft, onEdit, onSubmit }: { sku: SkuStock; label: string; draft: StockDraft; onEdit: (change: Partial<StockDraft>) => void; onSubmit: () => void }) {
  const t = useTranslations('goods.stock');
  const inputId = useId();
  const { mode, text } = draft;
  const parsed = text.trim() ? parseStockInput(mode, text) : null;
  const preview = parsed?.ok ? stockAfter(mode, parsed.quantity, sku.stock) : null;
  const message = draft.inputError ? t(`errors.${draft.inputError}`) : draft.refusal;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
        <select
          aria-label={t('modeOf', { sku: label })}
          value={mode}
          onChange={(event) => onEdit({ mode: event.target.value as StockMode, inputError: null })}
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
            onChange={(event) => onEdit({ text: event.target.value, inputError: null })}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${inputId}-message` : undefined}
            className={`${controlClass(message ?? undefined)} px-2 py-1.5 tabular-nums`}
          />
        </div>
        <Button type="submit" variant="secondary" className="px-3 py-1.5" loading={draft.pending} aria-label={t('applyOf', { sku: label })}>
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
      {draft.done !== null && !message && (
        <p role="status" className="mt-1 text-xs text-emerald-700">
          {t('updated', { stock: draft.done })}
        </p>
      )}
    </>
  );
}

/**
 * The SKUs with their stock and a change form each. The drafts live here rather than in their
 * cells: on a phone the change column folds into each row's details line, and a cell that moves
 * between the row and its details (the table measures again when a change comes back) keeps
 * what was typed and what the server said.
 */
function StockTable({ goodsId, rows, fetching, onUpdated }: { goodsId: number; rows: readonly SkuStock[]; fetching: boolean; onUpdated?: (row: SkuStock) => void }) {
  const t = useTranslations('goods.stock');
  const update = useUpdateSkuStock(goodsId);
  const [drafts, setDrafts] = useState<Readonly<Record<number, StockDraft>>>({});
  const draftOf = (skuId: number) => drafts[skuId] ?? NEW_DRAFT;
  const edit = (skuId: number, change: Partial<StockDraft>) => setDrafts((current) => ({ ...current, [skuId]: { ...(current[skuId] ?? NEW_DRAFT), ...change } }));
  const labelOf = (sku: SkuStock) => skuLabel(sku.specs, t('defaultSku'));
  const trackedText = useTrackedStockText();

  const submit = (sku: SkuStock) => {
    const { mode, text } = draftOf(sku.sku_id);
    const input = parseStockInput(mode, text);
    if (!input.ok) {
      edit(sku.sku_id, { inputError: input.error, refusal: null, done: null });
      return;
    }
    edit(sku.sku_id, { inputError: null, refusal: null, done: null, pending: true });
    update.mutateAsync({ sku_id: sku.sku_id, mode, quantity: input.quantity }).then(
      (row) => {
        edit(sku.sku_id, { text: '', done: row.stock, pending: false });
        onUpdated?.(row);
      },
      (error: Error) => edit(sku.sku_id, { refusal: refusalText(error), pending: false }),
    );
  };

  const columns: ColumnDef<SkuStock>[] = [
    {
      id: 'specs',
      header: t('specs'),
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <>
          {labelOf(row.original)}
          {row.original.code && <span className="block text-xs font-normal text-slate-500">{row.original.code}</span>}
        </>
      ),
    },
    {
      id: 'current',
      header: t('current'),
      meta: { priority: 1 },
      cellLabel: (sku) => t('currentOf', { sku: labelOf(sku) }),
      cell: ({ row }) => {
        const parts = trackedParts(row.original);
        return <span className="tabular-nums">{parts ? trackedText(parts) : row.original.stock}</span>;
      },
    },
    {
      id: 'change',
      header: t('change'),
      cell: ({ row }) =>
        row.original.tracked ? (
          // No add or set: a tracked SKU's stock is its units, changed by receiving or adjusting them.
          <div className="flex flex-col gap-1" data-tracked-sku={row.original.sku_id}>
            <p className="text-xs text-slate-600">{t('tracked.noteShort')}</p>
            <TrackedStockLinks skuId={row.original.sku_id} sku={labelOf(row.original)} />
          </div>
        ) : (
          <StockChange sku={row.original} label={labelOf(row.original)} draft={draftOf(row.original.sku_id)} onEdit={(change) => edit(row.original.sku_id, change)} onSubmit={() => submit(row.original)} />
        ),
    },
  ];

  return <Table compact label={t('table')} columns={columns} data={rows} getRowId={(sku) => String(sku.sku_id)} fetching={fetching} />;
}

/**
 * Per-SKU stock of one goods item: set a new figure or add/subtract a delta, one SKU at a time,
 * each refusal shown beside its SKU. A SKU tracked by unit shows what can be ordered with its
 * units in stock and reservations, and where its units are received or adjusted instead.
 * Used from the goods list and from the editor.
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
    body = <StockTable goodsId={goods.id} rows={stock.data} fetching={stock.isFetching} onUpdated={onUpdated} />;

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
      {/* Each kind's hint once its SKUs are known (before: the counted one, as most SKUs are). */}
      {(!stock.data || stock.data.some((sku) => !sku.tracked)) && <p className="mb-3 text-xs text-slate-500">{t('hint')}</p>}
      {stock.data?.some((sku) => sku.tracked) && <p className="mb-3 text-xs text-slate-500">{t('tracked.hint')}</p>}
      {body}
    </Dialog>
  );
}
