'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { UserText } from '@/components/ui/UserText';
import { imeiMistyped, normalizeCode, scanFailureMessage } from '../lib/scan';
import { findUnit } from '../queries';
import type { Unit } from '../types';
import { useGradeName } from './UnitBadges';

export type UnitCheck =
  | { state: 'idle'; code: string }
  | { state: 'checking'; code: string }
  | { state: 'ok'; code: string; unit: Unit }
  | { state: 'refused'; code: string; unit: Unit; reason: string }
  | { state: 'missing'; code: string; reason?: string }
  | { state: 'error'; code: string; reason: string };

/** Whether the order may ship with what was scanned: a tracked SKU needs its unit checked for this order. */
export function unitCheckPasses(check: UnitCheck, code: string, tracked: boolean): boolean {
  if (normalizeCode(code) !== check.code) return !tracked;
  if (check.state === 'ok') return true;
  if (check.state === 'refused' || check.state === 'checking') return false;
  // Not a unit of the shop: refused for a tracked SKU; a counted SKU's serial is free text.
  return !tracked && check.state !== 'error';
}

/**
 * The ship dialog's device field for a SKU tracked by unit: the scanner types the serial or IMEI
 * and presses Enter (or the field is left); the unit is looked up for this order and shown —
 * serial, IMEI, grade — or why it cannot ship, before the shipment is confirmed.
 */
export function UnitScanField({
  label,
  orderId,
  value,
  onChange,
  check,
  onCheck,
  error,
}: {
  label: string;
  orderId: number;
  value: string;
  onChange: (value: string) => void;
  check: UnitCheck;
  onCheck: (check: UnitCheck) => void;
  error?: string;
}) {
  const t = useTranslations('assets.shipScan');
  const gradeName = useGradeName();
  const id = useId();
  const asked = useRef('');

  const lookUp = async () => {
    const code = normalizeCode(value);
    if (!code || code === asked.current) return;
    asked.current = code;
    onCheck({ state: 'checking', code });
    try {
      const found = await findUnit(code, orderId);
      if (asked.current !== code) return;
      // No unit: the server's reason says why (a mistyped IMEI's check digit), else the screen's.
      if (!found.unit) onCheck({ state: 'missing', code, reason: found.ship_check?.reason || (imeiMistyped(code) ? t('imeiTypo') : undefined) });
      else if (found.ship_check && !found.ship_check.ok) onCheck({ state: 'refused', code, unit: found.unit, reason: found.ship_check.reason });
      else onCheck({ state: 'ok', code, unit: found.unit });
    } catch (failure) {
      if (asked.current !== code) return;
      asked.current = '';
      onCheck({ state: 'error', code, reason: scanFailureMessage(failure, t('failed')) });
    }
  };

  const current = check.code === normalizeCode(value) ? check : null;
  return (
    <div data-unit-scan-field>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        value={value}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-result`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // Enter is the scanner's end of code: look the unit up, do not send the form yet.
          event.preventDefault();
          void lookUp();
        }}
        onBlur={() => void lookUp()}
        className={`block w-full rounded-md border bg-white px-3 py-2 font-mono text-sm shadow-xs outline-none focus:ring-2 ${error ? 'border-red-400 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'}`}
      />
      <div id={`${id}-result`} aria-live="polite" className="mt-1.5 text-sm">
        {error && <p className="text-xs text-red-600">{error}</p>}
        {!current && !error && <p className="text-xs text-slate-500">{t('hint')}</p>}
        {current?.state === 'checking' && (
          <p className="flex items-center gap-2 text-slate-500">
            <Spinner /> {t('checking')}
          </p>
        )}
        {current?.state === 'missing' && (
          <p className="text-red-700" data-unit-check="missing">
            {current.reason || t('missing')}
          </p>
        )}
        {current?.state === 'error' && <p className="text-red-700" data-unit-check="error">{current.reason}</p>}
        {(current?.state === 'ok' || current?.state === 'refused') && (
          <div className={`rounded-md border px-3 py-2 ${current.state === 'ok' ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50'}`} data-unit-check={current.state}>
            <p className="flex flex-wrap gap-x-3 font-mono text-xs text-slate-700" translate="no">
              {current.unit.serial_number && <span>{t('serial', { code: current.unit.serial_number })}</span>}
              {current.unit.imei1 && <span>{t('imei', { code: current.unit.imei1 })}</span>}
            </p>
            <p className="text-xs text-slate-600">
              <UserText>{`${current.unit.goods_name} · ${current.unit.sku_name}`}</UserText> · {gradeName(current.unit.grade, current.unit.grade_label)} · <UserText>{current.unit.place_name}</UserText>
            </p>
            <p className={`mt-0.5 font-medium ${current.state === 'ok' ? 'text-emerald-700' : 'text-red-700'}`}>{current.state === 'ok' ? t('ok') : current.reason}</p>
          </div>
        )}
      </div>
    </div>
  );
}
