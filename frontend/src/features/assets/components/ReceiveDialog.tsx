'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { DetailError, DetailLoading, Fact, Facts } from '@/components/DetailSection';
import { formatCurrency, formatDate } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { UserText } from '@/components/ui/UserText';
import { GRADES, isGrade, type Grade } from '../lib/units';
import { asksNotImei } from '../lib/scan';
import { lineForScan, lineFull, RECEIPT_STATUSES, receiptTone } from '../lib/stock';
import { scanStockReceipt, useReceiptDetail, useRefreshReceipt } from '../queries';
import type { ReceiptDetail, ReceiptLine } from '../types';
import { ScanInput } from './ScanInput';
import { useGradeName } from './UnitBadges';

function Progress({ scanned, expected, label }: { scanned: number; expected: number; label: string }) {
  const share = expected > 0 ? Math.min(100, Math.round((scanned / expected) * 100)) : 0;
  return (
    <div className="flex min-w-24 items-center gap-2">
      <div className="h-1.5 flex-1 rounded-full bg-slate-100" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={expected} aria-valuenow={scanned}>
        <div className={`h-1.5 rounded-full ${scanned >= expected ? 'bg-emerald-500' : 'bg-brand-500'}`} style={{ width: `${share}%` }} />
      </div>
      <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">
        {scanned}/{expected}
      </span>
    </div>
  );
}

/** What the scans answered since the receipt was loaded: a line's count only grows. */
function merged(detail: ReceiptDetail, live: Map<number, ReceiptLine>): { lines: ReceiptLine[]; scanned: number; expected: number } {
  const lines = detail.lines.map((line) => {
    const seen = live.get(line.id);
    return seen && seen.received_quantity > line.received_quantity ? seen : line;
  });
  return { lines, scanned: lines.reduce((sum, line) => sum + line.received_quantity, 0), expected: lines.reduce((sum, line) => sum + line.expected_quantity, 0) };
}

function ReceiveBody({ detail, canScan }: { detail: ReceiptDetail; canScan: boolean }) {
  const t = useTranslations('assets.receive');
  const tr = useTranslations('assets.receipts');
  const gradeName = useGradeName();
  const refresh = useRefreshReceipt();
  const [live, setLive] = useState<Map<number, ReceiptLine>>(() => new Map());
  const [chosen, setChosen] = useState<number | null>(null);
  const [grade, setGrade] = useState<Grade | ''>('');
  const shown = merged(detail, live);
  // The queue of scans reads the lines as the last scan left them, not as the last render saw them.
  const latest = useRef(shown.lines);
  useEffect(() => {
    latest.current = shown.lines;
  });
  const target = lineForScan(shown.lines, chosen);
  const allIn = shown.lines.every(lineFull);
  const disabledReason = !canScan ? t('noRight') : allIn ? t('allIn') : undefined;

  /** One code into the line it goes to; `notImei`: the person confirmed 15 digits failing the IMEI check are a serial number. */
  const scanInto = async (code: string, notImei: boolean) => {
    const line = lineForScan(latest.current, chosen);
    if (!line) throw new Error(t('allIn'));
    const result = await scanStockReceipt({ receipt_id: detail.id, line_id: line.id, code, not_imei: notImei, ...(grade ? { grade } : {}) });
    latest.current = latest.current.map((item) => (item.id === result.line.id ? result.line : item));
    setLive((current) => new Map(current).set(result.line.id, result.line));
    if (lineFull(result.line)) setChosen(null);
    return (
      <>
        <UserText>{result.line.sku_name}</UserText> · {gradeName(result.unit.grade, result.unit.grade_label)} · {notImei ? `${t('keptAsSerial')} · ` : ''}
        {t('lineCount', { scanned: result.line.received_quantity, expected: result.line.expected_quantity })}
      </>
    );
  };
  const onScan = (code: string) => scanInto(code, false);
  // A mistyped IMEI is refused; the person may say it is not an IMEI, and it is kept as a serial number.
  const confirmFor = (error: unknown, code: string) => (asksNotImei(error) ? { label: t('notImei'), run: () => scanInto(code, true) } : null);

  return (
    <div className="flex flex-col gap-4" data-receive-panel>
      <Facts>
        <Fact label={t('supplier')} userText>
          {detail.supplier_name}
        </Fact>
        <Fact label={t('date')}>{formatDate(detail.receipt_date)}</Fact>
        <Fact label={t('invoice')} userText>
          {detail.invoice_no}
        </Fact>
      </Facts>
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge tone={receiptTone(allIn ? 'received' : shown.scanned > 0 ? 'partial' : 'open')}>{tr(`status.${allIn ? 'received' : shown.scanned > 0 ? 'partial' : 'open'}` as `status.${(typeof RECEIPT_STATUSES)[number]}`)}</StatusBadge>
        <span className="text-sm font-medium text-slate-800" data-receipt-overall={`${shown.scanned}/${shown.expected}`}>
          {t('overall', { scanned: shown.scanned, expected: shown.expected })}
        </span>
        <div className="w-48">
          <Progress scanned={shown.scanned} expected={shown.expected} label={t('overallLabel')} />
        </div>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('lines')}</legend>
        <ul className="flex flex-col gap-1.5">
          {shown.lines.map((line) => {
            const full = lineFull(line);
            const current = target?.id === line.id;
            return (
              <li key={line.id}>
                <label className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm ${current ? 'border-brand-400 bg-brand-50' : 'border-slate-200'} ${full ? 'opacity-70' : 'cursor-pointer'}`} data-receipt-line={line.id} data-line-progress={`${line.received_quantity}/${line.expected_quantity}`}>
                  <input type="radio" name={`receipt-${detail.id}-line`} className="accent-brand-600" checked={current} disabled={full || !canScan} onChange={() => setChosen(line.id)} />
                  <span className="min-w-0 flex-1">
                    <UserText className="font-medium text-slate-900">{line.sku_name}</UserText>
                    <span className="ml-2 text-xs text-slate-500">
                      <UserText>{line.goods_name}</UserText> · {formatCurrency(line.unit_cost)}
                      {line.fineness ? <span data-line-fineness> · {gradeName(line.fineness)}</span> : null}
                    </span>
                  </span>
                  <span className="w-36">
                    <Progress scanned={line.received_quantity} expected={line.expected_quantity} label={t('lineLabel')} />
                  </span>
                  {full && <span className="text-xs text-emerald-700">{t('lineDone')}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 sm:w-64">
        {t('grade')}
        <select value={grade} onChange={(event) => setGrade(isGrade(event.target.value) ? event.target.value : '')} disabled={!canScan} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal">
          <option value="">{t('gradeDefault')}</option>
          {GRADES.map((value) => (
            <option key={value} value={value}>
              {gradeName(value)}
            </option>
          ))}
        </select>
      </label>
      <ScanInput label={target ? t('scanInto', { sku: target.sku_name }) : t('scan')} onScan={onScan} confirmFor={confirmFor} disabledReason={disabledReason} onIdle={() => refresh(detail.id)} />
      <ReceivedUnits units={detail.units} />
    </div>
  );
}

/** The devices scanned into the receipt (latest first), each linked to its page. */
export function ReceivedUnits({ units }: { units: ReceiptDetail['units'] }) {
  const t = useTranslations('assets.receive');
  const gradeName = useGradeName();
  return (
    <section aria-label={t('units', { count: units.length })} data-receipt-units={units.length}>
      <h3 className="mb-2 text-sm font-medium text-slate-700">{t('units', { count: units.length })}</h3>
      {units.length === 0 ? (
        <p className="text-sm text-slate-500">{t('unitsEmpty')}</p>
      ) : (
        <ul className="flex max-h-64 flex-col divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
          {units.map((unit) => (
            <li key={unit.id} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 px-3 py-1.5 text-sm">
              <Link href={`/assets/${unit.id}`} className="font-mono text-brand-600 [overflow-wrap:anywhere] hover:text-brand-700" data-receipt-unit={unit.id}>
                {unit.imei1 || unit.serial_number}
              </Link>
              {unit.imei1 && unit.serial_number && <span className="font-mono text-xs text-slate-500 [overflow-wrap:anywhere]">{unit.serial_number}</span>}
              <span className="min-w-0 flex-1 text-slate-700">
                <UserText>{unit.sku_name}</UserText> · {gradeName(unit.grade, unit.grade_label)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A receipt received by scanning each device; it can be received in parts (closed and reopened later). */
export function ReceiveDialog({ receiptId, canScan, onClose }: { receiptId: number | null; canScan: boolean; onClose: () => void }) {
  const t = useTranslations('assets.receive');
  const detail = useReceiptDetail(receiptId);
  const name = detail.data ? detail.data.receipt_no || t('number', { id: detail.data.id }) : t('number', { id: receiptId ?? 0 });
  return (
    <Dialog
      open={receiptId !== null}
      onClose={onClose}
      title={t('title', { name })}
      width={880}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {detail.isPending ? <DetailLoading /> : detail.isError || !detail.data ? <DetailError title={t('loadError')} error={detail.error} onRetry={() => void detail.refetch()} /> : <ReceiveBody detail={detail.data} canScan={canScan} />}
    </Dialog>
  );
}
