'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailSection } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { asApiError } from '@/lib/apiError';
import { useOffboardingExportLink } from '../queries';

/**
 * The owner's download of the shop's full export when it leaves the platform (the platform makes
 * it; docs/privacy.md, "A merchant leaves"). The link is asked for on the click (each one is in
 * the shop's audit trail); while there is none, the server's answer says so here.
 */
export function OffboardingExportSection() {
  const t = useTranslations('privacyRequests.offboarding');
  const link = useOffboardingExportLink();
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState<{ url: string; name: string; sha256: string; expires_at?: string | null } | null>(null);
  const download = async () => {
    setError(null);
    try {
      const answer = await link.mutateAsync();
      setReady(answer);
      window.open(answer.url, '_blank', 'noopener');
    } catch (failure) {
      setError(asApiError(failure)?.message || t('failed'));
    }
  };
  return (
    <DetailSection
      id="offboarding-export"
      title={t('title')}
      actions={
        <Button variant="secondary" className="py-1" loading={link.isPending} onClick={() => void download()}>
          {t('download')}
        </Button>
      }
    >
      <p className="text-sm text-slate-600">{t('description')}</p>
      {ready && (
        <p className="mt-3 text-sm [overflow-wrap:anywhere]">
          <a href={ready.url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-600 hover:underline">
            {ready.name}
          </a>{' '}
          <span className="text-slate-500">{t('until', { until: formatDateTime(ready.expires_at ?? null) })}</span>{' '}
          <span className="font-mono text-xs text-slate-500">SHA-256 {ready.sha256}</span>
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </DetailSection>
  );
}
