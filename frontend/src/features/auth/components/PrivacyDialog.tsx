'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { usePrivacyPolicy } from '../queries';

export function PrivacyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations();
  const policy = usePrivacyPolicy(open);
  return (
    <Dialog open={open} onClose={onClose} title={policy.data?.title || t('privacy.title')} width={640} footer={<Button onClick={onClose}>{t('common.close')}</Button>}>
      {policy.isPending ? (
        <Spinner />
      ) : policy.isError ? (
        <EmptyState tone="error" title={t('common.loadFailed')} action={<Button variant="secondary" onClick={() => policy.refetch()}>{t('common.retry')}</Button>} />
      ) : (
        <article>
          {policy.data.version && <p className="mb-3 text-xs text-slate-500">{t('privacy.version', { version: policy.data.version })}</p>}
          {/* Shown as text: the policy is written by operators and must not inject markup. */}
          <div className="text-sm leading-6 whitespace-pre-wrap text-slate-700">{policy.data.content}</div>
        </article>
      )}
    </Dialog>
  );
}
