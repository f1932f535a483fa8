'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { isChunkLoadError } from '@/lib/chunkError';
import { CHUNK_ERROR_ELEMENT_ID, markHydrated } from '@/lib/chunkGuard';
import { Button } from '../ui/Button';

/** What a failed page chunk shows instead of a blank screen. */
export function ChunkErrorView() {
  const t = useTranslations('chunkError');
  // React is showing the message now; the head guard's copy (if it fired first) can go.
  useEffect(() => document.getElementById(CHUNK_ERROR_ELEMENT_ID)?.remove(), []);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <p className="text-sm text-slate-600">{t('description')}</p>
      <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
    </div>
  );
}

/**
 * Chunks loaded outside rendering (lazy imports in handlers, prefetches) fail as unhandled
 * rejections that no error boundary sees; show the same message over the page.
 */
export function ChunkErrorListener() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    markHydrated(); // from now on React reports chunk errors; the head guard stands down
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) setFailed(true);
    };
    const onError = (event: ErrorEvent) => {
      if (isChunkLoadError(event.error ?? { message: event.message })) setFailed(true);
    };
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('error', onError);
    return () => {
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('error', onError);
    };
  }, []);
  if (!failed) return null;
  return (
    <div className="fixed inset-0 z-[70] flex items-center justify-center bg-white/95">
      <ChunkErrorView />
    </div>
  );
}

/** Shared body of the error.tsx boundaries. */
export function RouteErrorView({ error, reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('error');
  if (isChunkLoadError(error)) return <ChunkErrorView />;
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <p className="text-sm text-slate-600">{t('description')}</p>
      <Button onClick={reset}>{t('retry')}</Button>
    </div>
  );
}
