'use client';

import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { navigateParent } from '@/lib/frameBridge';

export function FrameChild() {
  const t = useTranslations('e2e');
  const to = useSearchParams().get('to') ?? '/';
  const [attempts, setAttempts] = useState(0);
  const [outcome, setOutcome] = useState<'pending' | 'acknowledged' | 'gaveUp'>('pending');
  useEffect(() => {
    if (window.parent === window) return;
    const controller = new AbortController();
    void navigateParent(to, { onAttempt: setAttempts, signal: controller.signal }).then((acknowledged) => {
      if (!controller.signal.aborted) setOutcome(acknowledged ? 'acknowledged' : 'gaveUp');
    });
    return () => controller.abort();
  }, [to]);
  return (
    <main className="p-4 text-sm">
      <h1 className="font-semibold">{t('frameChildTitle')}</h1>
      <p role="status">{t('attempts', { count: attempts })}</p>
      {outcome !== 'pending' && <p>{t(outcome)}</p>}
    </main>
  );
}
