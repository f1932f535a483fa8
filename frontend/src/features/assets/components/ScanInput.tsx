'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { CODE_MAX, normalizeCode, pushResult, replaceResult, scanFailureMessage, splitCodes, type ScanConfirm, type ScanResult } from '../lib/scan';

export interface ScanInputProps {
  label: string;
  /** Called once per code, one at a time in the order scanned; resolves with what to show for it, rejects with why not. */
  onScan: (code: string) => Promise<ReactNode>;
  /** A scan cannot be taken now: the reason is shown and the field is disabled. */
  disabledReason?: string;
  /** Called when the queue empties after one or more scans (refresh what the scans changed). */
  onIdle?: () => void;
  /** How many of the last scans to list. */
  keep?: number;
  /** Short sound on an error (the scanner's user is looking at the device, not the screen). */
  beep?: boolean;
  /** For a refused code, the way the person may confirm it otherwise (shown as a button on its row), or null. */
  confirmFor?: (error: unknown, code: string) => ScanConfirm<ReactNode> | null;
}

function errorBeep() {
  try {
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const oscillator = context.createOscillator();
    oscillator.frequency.value = 330;
    oscillator.connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.18);
    oscillator.onended = () => void context.close();
  } catch {
    // No sound is fine: the error is on screen.
  }
}

/**
 * The field a USB scanner types into: it keeps the focus, takes a code on Enter, and a pasted
 * column of codes scans each line in turn. Codes scanned while one is in flight wait in order.
 * The last scans are listed with their result; an error says why and leaves the field focused
 * for the next code.
 */
export function ScanInput({ label, onScan, disabledReason, onIdle, keep = 20, beep = true, confirmFor }: ScanInputProps) {
  const t = useTranslations('assets.scan');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  const seq = useRef(0);
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(0);
  const [results, setResults] = useState<ScanResult<ReactNode>[]>([]);
  const [confirming, setConfirming] = useState<number | null>(null);
  const disabled = Boolean(disabledReason);
  // The latest callbacks, read by the queue when it gets to a code (not those of the render that queued it).
  const handlers = useRef({ onScan, onIdle, confirmFor });
  useEffect(() => {
    handlers.current = { onScan, onIdle, confirmFor };
  });

  useEffect(() => {
    if (!disabled) input.current?.focus();
  }, [disabled]);

  const drain = async () => {
    if (running.current) return;
    running.current = true;
    let scanned = 0;
    while (queue.current.length > 0) {
      const code = queue.current.shift() as string;
      setPending(queue.current.length + 1);
      seq.current += 1;
      const current = seq.current;
      try {
        const shown = await handlers.current.onScan(code);
        setResults((previous) => pushResult(previous, { seq: current, code, outcome: 'ok', message: '', value: shown }, keep));
      } catch (error) {
        const message = scanFailureMessage(error, t('failed'));
        const confirm = handlers.current.confirmFor?.(error, code) ?? undefined;
        setResults((previous) => pushResult(previous, { seq: current, code, outcome: 'error', message, confirm }, keep));
        if (beep) errorBeep();
      }
      scanned += 1;
    }
    running.current = false;
    setPending(0);
    input.current?.focus();
    if (scanned > 0) handlers.current.onIdle?.();
  };

  const enqueue = (codes: readonly string[]) => {
    const fresh = codes.filter((code) => code.length > 0);
    if (fresh.length === 0) return;
    queue.current.push(...fresh);
    setPending(queue.current.length + (running.current ? 1 : 0));
    void drain();
  };

  /** The person confirms a refused code another way: its row shows what that answered. */
  const confirmResult = async (result: ScanResult<ReactNode>) => {
    if (!result.confirm || confirming !== null) return;
    setConfirming(result.seq);
    try {
      const shown = await result.confirm.run();
      setResults((previous) => replaceResult(previous, { seq: result.seq, code: result.code, outcome: 'ok', message: '', value: shown }));
    } catch (error) {
      setResults((previous) => replaceResult(previous, { seq: result.seq, code: result.code, outcome: 'error', message: scanFailureMessage(error, t('failed')) }));
      if (beep) errorBeep();
    }
    setConfirming(null);
    input.current?.focus();
    handlers.current.onIdle?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = normalizeCode(value);
    setValue('');
    enqueue([code]);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    const codes = splitCodes(text);
    // One code pasted stays in the field for Enter, as if typed; a column scans line by line.
    if (codes.length <= 1) return;
    event.preventDefault();
    setValue('');
    enqueue(codes);
  };

  const okCount = results.filter((result) => result.outcome === 'ok').length;
  return (
    <div className="flex flex-col gap-3" data-scan-input>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          value={value}
          maxLength={CODE_MAX * 40}
          disabled={disabled}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          inputMode="text"
          enterKeyHint="go"
          placeholder={t('placeholder')}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 font-mono text-base shadow-xs outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 disabled:bg-slate-50 disabled:text-slate-400"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500" aria-live="polite">
          {disabledReason ? <span className="text-amber-700">{disabledReason}</span> : pending > 0 ? t('pending', { count: pending }) : t('hint')}
        </p>
      </div>
      {results.length > 0 && (
        <div>
          <p className="mb-1 text-xs font-medium text-slate-500">{t('last', { ok: okCount, total: results.length })}</p>
          <ol className="flex max-h-64 flex-col divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 bg-white text-sm" aria-label={t('lastLabel')} data-scan-results>
            {results.map((result) => (
              <li key={result.seq} className="flex flex-wrap items-start gap-x-3 gap-y-0.5 px-3 py-1.5" data-scan-outcome={result.outcome}>
                <span className={`shrink-0 font-medium ${result.outcome === 'ok' ? 'text-emerald-700' : 'text-red-700'}`}>{result.outcome === 'ok' ? t('ok') : t('error')}</span>
                <span className="shrink-0 font-mono text-xs leading-5 text-slate-700" translate="no">
                  {result.code}
                </span>
                <span className={`min-w-0 flex-1 [overflow-wrap:anywhere] ${result.outcome === 'ok' ? 'text-slate-600' : 'text-red-700'}`} role={result.outcome === 'error' && result.seq === results[0]?.seq ? 'alert' : undefined}>
                  {result.outcome === 'ok' ? result.value : result.message}
                </span>
                {result.outcome === 'error' && result.confirm && (
                  <Button variant="secondary" className="shrink-0 px-2 py-1 text-xs" loading={confirming === result.seq} disabled={confirming !== null && confirming !== result.seq} title={confirming !== null && confirming !== result.seq ? t('confirmBusy') : undefined} onClick={() => void confirmResult(result)} data-scan-confirm>
                    {result.confirm.label}
                  </Button>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
