'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { typedClock } from '@/lib/businessTime';
import { DateField } from './DateField';
import { controlClass } from './fields';

export interface DateTimeValue {
  /** `YYYY-MM-DD`, or '' for none. */
  day: string;
  /** `HH:mm` (24-hour), or '' for none. */
  time: string;
}

/**
 * A moment on the shop's clock (China time, as every time the app shows): the kit's date field
 * and a 24-hour time typed as 时:分, the zone said under them. The same in every browser and
 * language (a native time input shows 12-hour clocks in an English browser). A time typed that
 * is not one says why and changes nothing; `lib/businessTime` `businessInstant` turns the value
 * into the instant for the server.
 */
export function DateTimeField({ label, value, onChange, min, max, error, className = '' }: { label: string; value: DateTimeValue; onChange: (value: DateTimeValue) => void; min?: string; max?: string; error?: string; className?: string }) {
  const t = useTranslations('kit.dateTime');
  const timeId = useId();
  const [draft, setDraft] = useState(value.time);
  const [shown, setShown] = useState(value.time);
  const [problem, setProblem] = useState<string | null>(null);
  if (shown !== value.time) {
    setShown(value.time);
    setDraft(value.time);
    setProblem(null);
  }
  const commit = (text: string) => {
    const clock = typedClock(text);
    if (!clock) return setProblem(t('invalidTime', { example: '09:30' }));
    setProblem(null);
    const time = `${String(clock[0]).padStart(2, '0')}:${String(clock[1]).padStart(2, '0')}`;
    setDraft(time);
    if (time !== value.time) onChange({ ...value, time });
  };
  const message = error ?? problem ?? undefined;
  return (
    <fieldset className={`min-w-0 ${className}`}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex flex-wrap items-start gap-2">
        <DateField className="w-full min-w-0 flex-1 sm:w-40 sm:flex-none" label={t('day')} value={value.day} min={min} max={max} onChange={(day) => onChange({ ...value, day })} />
        <div className="w-full sm:w-28">
          <label htmlFor={timeId} className="mb-1 block text-sm font-medium text-slate-700">
            {t('time')}
          </label>
          <input
            id={timeId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('timePlaceholder')}
            value={draft}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${timeId}-zone`}
            onChange={(event) => {
              setDraft(event.target.value);
              if (typedClock(event.target.value) && /^\d{2}:\d{2}$/.test(event.target.value.trim())) commit(event.target.value);
            }}
            onBlur={() => commit(draft)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit(draft);
            }}
            className={controlClass(message)}
          />
        </div>
      </div>
      {message ? <p className="mt-1 text-xs text-red-600">{message}</p> : null}
      <p id={`${timeId}-zone`} className="mt-1 text-xs text-slate-500">
        {t('zone')}
      </p>
    </fieldset>
  );
}
