'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useSyncExternalStore } from 'react';
import {
  dismissNotice,
  getNotices,
  getServerNotices,
  subscribeNotices,
  type Notice,
  type NoticeKind,
  type NoticeText,
} from '@/lib/notice';
import { IconButton } from './IconButton';

export { notify } from '@/lib/notice';

const KIND_STYLE: Record<NoticeKind, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-900',
};

function useNoticeText() {
  const t = useTranslations();
  return (text: NoticeText) =>
    'raw' in text ? text.raw : (t as (key: string, values?: Record<string, string | number>) => string)(text.key, text.values);
}

function NoticeItem({ notice }: { notice: Notice }) {
  const t = useTranslations('notice');
  const render = useNoticeText();
  useEffect(() => {
    const timer = setTimeout(() => dismissNotice(notice.id), notice.durationMs);
    return () => clearTimeout(timer);
  }, [notice.id, notice.durationMs]);
  const urgent = notice.kind === 'error' || notice.kind === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-80 items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${KIND_STYLE[notice.kind]}`}
    >
      <div className="min-w-0 flex-1">
        {notice.title && <p className="font-semibold">{render(notice.title)}</p>}
        <p className="break-words">{render(notice.message)}</p>
      </div>
      <IconButton onClick={() => dismissNotice(notice.id)} label={t('dismiss')} className="rounded p-0.5 opacity-60 hover:opacity-100">
        <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </IconButton>
    </div>
  );
}

/** Where notices raised by notify() appear; mounted once in the root providers. */
export function NoticeViewport() {
  const t = useTranslations('notice');
  const notices = useSyncExternalStore(subscribeNotices, getNotices, getServerNotices);
  return (
    <section aria-label={t('region')} className="pointer-events-none fixed top-3 left-1/2 z-[60] flex -translate-x-1/2 flex-col items-center gap-2">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </section>
  );
}
