'use client';

import { useTranslations } from 'next-intl';
import { ApiError, failedIds, GOODS_ERRORS, incompleteGoods } from '../../lib/apiError';

export interface RefusalLine {
  id: number | null;
  text: string;
}

/** Turns a refused shelf/status change into one line per goods item, in the UI language. */
export function useRefusalLines() {
  const t = useTranslations('goods');
  return (error: ApiError, titleOf: (id: number) => string): RefusalLine[] => {
    const name = (id: number) => titleOf(id) || `#${id}`;
    if (error.code === GOODS_ERRORS.incomplete) {
      const goods = incompleteGoods(error);
      if (goods.length > 0) {
        return goods.map((item) => ({
          id: item.id,
          text: t('refusal.incomplete', {
            title: name(item.id),
            reasons: item.reasons.map((reason) => t(`incomplete.${reason}` as 'incomplete.no_picture')).join(t('refusal.separator')),
          }),
        }));
      }
    }
    if (error.code === GOODS_ERRORS.forcedDown) {
      const ids = failedIds(error);
      if (ids.length > 0) return ids.map((id) => ({ id, text: t('refusal.forcedDown', { title: name(id) }) }));
    }
    if (error.code === GOODS_ERRORS.statusNotAllowed) {
      const ids = failedIds(error);
      if (ids.length > 0) return ids.map((id) => ({ id, text: t('refusal.statusNotAllowed', { title: name(id), msg: error.message }) }));
    }
    return [{ id: null, text: error.message }];
  };
}

/** The server's refusal, kept on screen (not a fading notice) until dismissed. */
export function RefusalPanel({ title, lines, onDismiss }: { title: string; lines: RefusalLine[]; onDismiss: () => void }) {
  const t = useTranslations('goods');
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <svg className="mt-0.5 size-5 shrink-0 text-amber-500" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
        <path fillRule="evenodd" d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" clipRule="evenodd" />
      </svg>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {lines.map((line, index) => (
            <li key={`${line.id}-${index}`}>{line.text}</li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={onDismiss} className="rounded px-2 py-0.5 text-xs font-medium text-amber-800 hover:bg-amber-100">
        {t('refusal.dismiss')}
      </button>
    </div>
  );
}
