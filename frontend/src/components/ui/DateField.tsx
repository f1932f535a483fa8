'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { dayAllowed, typedDay } from '@/lib/calendarDays';
import type { CalendarPanelProps } from './CalendarPanel';
import { controlClass, FieldShell } from './fields';
import { IconButton } from './IconButton';

// The month grid loads when the calendar is first opened: a list screen's first load carries
// only the text field and its button.
const CalendarPanel = dynamic<CalendarPanelProps>(() => import('./CalendarPanel'), { ssr: false });

export interface DateFieldProps {
  label: string;
  /** The day as `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** Called with a real day within min–max, or '' when the field is emptied. */
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  error?: string;
  className?: string;
}

/**
 * The kit's one date field, the same in every browser and in the interface's language (a
 * native date input shows the browser's own format, mm/dd/yyyy in an English Chrome even in
 * the Chinese interface): a day typed as 年-月-日 (2026-11-01, 2026/11/1, 20261101 …) or picked
 * from the month the calendar button opens. A day typed that is not a day, or outside min–max,
 * says why and changes nothing.
 */
export function DateField({ label, value, onChange, min, max, error, className = '' }: DateFieldProps) {
  const t = useTranslations('kit.date');
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  if (shown !== value) {
    // The value changed from outside (a reset, the URL): the field shows it.
    setShown(value);
    setDraft(value);
    setProblem(null);
  }

  const commit = (text: string) => {
    if (!text.trim()) {
      setProblem(null);
      if (value) onChange('');
      return;
    }
    const day = typedDay(text);
    if (!day) return setProblem(t('invalid', { example: '2026-11-01' }));
    if (min && day < min) return setProblem(t('beforeMin', { min }));
    if (max && day > max) return setProblem(t('afterMax', { max }));
    setProblem(null);
    setDraft(day);
    if (day !== value) onChange(day);
  };

  const pick = (day: string) => {
    setOpen(false);
    setDraft(day);
    setProblem(null);
    if (dayAllowed(day, min, max) && day !== value) onChange(day);
    button.current?.focus();
  };

  const message = error ?? problem ?? undefined;
  return (
    <FieldShell id={id} label={label} error={message} className={className}>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('placeholder')}
          value={draft}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            // A complete day is taken as it is typed; a partial one waits for the blur.
            if (!event.target.value || typedDay(event.target.value)) commit(event.target.value);
          }}
          onBlur={() => commit(draft)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(draft);
            if (event.key === 'ArrowDown' && event.altKey) setOpen(true);
          }}
          // Room on the right for the calendar button inside the field.
          className={`${controlClass(message)} pr-9`}
        />
        <IconButton
          ref={button}
          label={t('open', { label })}
          aria-expanded={open}
          aria-haspopup="dialog"
          onClick={() => setOpen((current) => !current)}
          className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-2 text-slate-500 hover:text-brand-600"
        >
          <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path fillRule="evenodd" d="M5.75 2a.75.75 0 0 1 .75.75V4h7V2.75a.75.75 0 0 1 1.5 0V4h.25A2.75 2.75 0 0 1 18 6.75v8.5A2.75 2.75 0 0 1 15.25 18H4.75A2.75 2.75 0 0 1 2 15.25v-8.5A2.75 2.75 0 0 1 4.75 4H5V2.75A.75.75 0 0 1 5.75 2Zm-1 5.5c-.69 0-1.25.56-1.25 1.25v6.5c0 .69.56 1.25 1.25 1.25h10.5c.69 0 1.25-.56 1.25-1.25v-6.5c0-.69-.56-1.25-1.25-1.25H4.75Z" clipRule="evenodd" />
          </svg>
        </IconButton>
        {open && (
          <CalendarPanel
            label={label}
            value={typedDay(draft) ?? value}
            min={min}
            max={max}
            onPick={pick}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        )}
      </div>
    </FieldShell>
  );
}
