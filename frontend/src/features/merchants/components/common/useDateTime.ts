'use client';

import { useFormatter } from 'next-intl';

/** ISO timestamps from the server shown in the UI language; a missing one shows a dash. */
export function useDateTime() {
  const format = useFormatter();
  return (iso: string | null | undefined) => {
    if (!iso) return '—';
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '—';
    return format.dateTime(date, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  };
}
