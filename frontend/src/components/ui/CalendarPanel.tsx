'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { businessDay } from '@/lib/businessTime';
import { addDays, addMonths, dayAllowed, monthOf, monthWeeks } from '@/lib/calendarDays';
import { IconButton } from './IconButton';

export interface CalendarPanelProps {
  /** The field's label: the panel is named after it. */
  label: string;
  value: string;
  min?: string;
  max?: string;
  onPick: (day: string) => void;
  onClose: () => void;
}

const WEEKDAYS_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0];

function Arrow({ back }: { back?: boolean }) {
  return (
    <svg className={`size-4 ${back ? 'rotate-180' : ''}`} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path fillRule="evenodd" d="M7.21 14.77a.75.75 0 0 1 .02-1.06L11.168 10 7.23 6.29a.75.75 0 1 1 1.04-1.08l4.5 4.25a.75.75 0 0 1 0 1.08l-4.5 4.25a.75.75 0 0 1-1.06-.02Z" clipRule="evenodd" />
    </svg>
  );
}

/**
 * The date picker's month (loaded when first opened): a grid of the month's days, Monday first,
 * in the interface's language; today (China time) marked; days outside min–max disabled. The
 * arrow keys move by a day or a week, Page Up/Down by a month, Enter picks, Escape closes.
 */
export default function CalendarPanel({ label, value, min, max, onPick, onClose }: CalendarPanelProps) {
  const t = useTranslations('kit.date');
  const locale = useLocale();
  const today = businessDay();
  const [focused, setFocused] = useState(value || (dayAllowed(today, min, max) ? today : (min ?? max ?? today)));
  const month = monthOf(focused);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.querySelector<HTMLButtonElement>(`button[data-day="${focused}"]`)?.focus();
  }, [focused]);

  useEffect(() => {
    const outside = (event: MouseEvent) => {
      if (panel.current && !panel.current.parentElement?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [onClose]);

  const title = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${month}T00:00:00Z`));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: locale.startsWith('zh') ? 'narrow' : 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday: the weekday names from Monday on.
  const weekdays = WEEKDAYS_FROM_MONDAY.map((index) => weekday.format(new Date(Date.UTC(2024, 0, index === 0 ? 7 : index))));
  const dayName = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else {
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      setFocused(move());
    }
  };

  return (
    <div ref={panel} role="dialog" aria-label={t('panel', { label })} onKeyDown={onKeyDown} className="absolute left-0 top-full z-30 mt-1 w-72 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
      <div className="mb-2 flex items-center justify-between">
        <IconButton label={t('previousMonth')} onClick={() => setFocused(addMonths(focused, -1))} className="rounded p-1 text-slate-600 hover:bg-slate-100">
          <Arrow back />
        </IconButton>
        <p aria-live="polite" className="text-sm font-semibold text-slate-900">
          {title}
        </p>
        <IconButton label={t('nextMonth')} onClick={() => setFocused(addMonths(focused, 1))} className="rounded p-1 text-slate-600 hover:bg-slate-100">
          <Arrow />
        </IconButton>
      </div>
      <table role="grid" aria-label={title} className="w-full table-fixed text-center text-sm">
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col" className="pb-1 text-xs font-medium text-slate-500">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const inMonth = day.slice(0, 7) === month.slice(0, 7);
                const allowed = dayAllowed(day, min, max);
                const chosen = day === value;
                return (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      disabled={!allowed}
                      aria-pressed={chosen}
                      aria-current={day === today ? 'date' : undefined}
                      aria-label={dayName.format(new Date(`${day}T00:00:00Z`))}
                      title={allowed ? undefined : min && day < min ? t('beforeMin', { min }) : t('afterMax', { max: max ?? '' })}
                      onClick={() => onPick(day)}
                      className={`h-8 w-full rounded text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-300 disabled:cursor-not-allowed disabled:text-slate-300 ${
                        chosen ? 'bg-brand-600 font-semibold text-white' : inMonth ? 'text-slate-800 hover:bg-brand-50' : 'text-slate-400 hover:bg-slate-50'
                      } ${day === today && !chosen ? 'ring-1 ring-brand-400' : ''}`}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex justify-between text-sm">
        <button type="button" disabled={!dayAllowed(today, min, max)} title={dayAllowed(today, min, max) ? undefined : t('todayOutside')} onClick={() => onPick(today)} className="rounded px-2 py-1 text-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-300">
          {t('today')}
        </button>
        <button type="button" onClick={onClose} className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100">
          {t('close')}
        </button>
      </div>
    </div>
  );
}
