'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatDateTime } from '@/components/format';
import { ReasonDialog } from '@/components/ReasonDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { useConsents, useSaveConsent, type ConsentBody } from '../queries';

const PURPOSES = ['marketing', 'face_check', 'credit_query', 'location'] as const;
type Purpose = (typeof PURPOSES)[number];
const isPurpose = (value: string): value is Purpose => (PURPOSES as readonly string[]).includes(value);

/**
 * The customer's consents (privacy.manage) on their page: for each purpose that rests on consent
 * (marketing messages, face check, credit queries, location) whether it was given or withdrawn and
 * when; a withdrawal stops the purpose at once, and the answer says the lease itself rests on the
 * contract.
 */
export function ConsentSection({ customerId }: { customerId: number }) {
  const t = useTranslations('privacyRequests.consents');
  const consents = useConsents(customerId);
  const save = useSaveConsent(customerId);
  const [asking, setAsking] = useState<{ purpose: Purpose; given: boolean } | null>(null);
  const [leaseBasis, setLeaseBasis] = useState('');
  const confirm = async (reason: string) => {
    if (!asking) return;
    const body: ConsentBody = { customer_id: customerId, purpose: asking.purpose, given: asking.given, reason };
    const answer = await save.mutateAsync(body);
    setLeaseBasis(answer.lease_basis);
  };
  return (
    <section aria-label={t('title')} className="flex flex-col gap-2 rounded-md border border-slate-200 px-3 py-3">
      <h3 className="text-sm font-semibold text-slate-800">{t('title')}</h3>
      <p className="text-xs text-slate-500">{t('intro')}</p>
      {consents.isPending && <p className="text-sm text-slate-500">{t('loading')}</p>}
      {consents.isError && <FormError title={t('loadError')} message="" />}
      {leaseBasis && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {leaseBasis}
        </p>
      )}
      {consents.data && (
        <ul>
          {consents.data.consents.map((row) => {
            const purpose = isPurpose(row.purpose) ? row.purpose : null;
            return (
              <li key={row.purpose} className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 py-1.5 text-sm last:border-b-0">
                <span className="font-medium text-slate-800">{purpose ? t(`purpose.${purpose}`) : row.purpose_name}</span>
                <StatusBadge tone={row.status === 'given' ? 'green' : row.status === 'withdrawn' ? 'red' : 'slate'}>{t(`status.${row.status === 'given' || row.status === 'withdrawn' ? row.status : 'none'}`)}</StatusBadge>
                <span className="text-xs text-slate-500 tabular-nums">
                  {row.status === 'withdrawn' ? t('withdrawnAt', { when: formatDateTime(row.withdrawn_at) }) : row.given_at ? t('givenAt', { when: formatDateTime(row.given_at) }) : t('never')}
                </span>
                {purpose && (
                  <Button variant={row.status === 'withdrawn' ? 'secondary' : 'danger'} onClick={() => setAsking({ purpose, given: row.status === 'withdrawn' })}>
                    {row.status === 'withdrawn' ? t('give') : t('withdraw')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ReasonDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking?.given ? t('giveTitle') : t('withdrawTitle')}
        description={asking?.given ? t('giveHint') : t('withdrawHint')}
        confirmLabel={asking?.given ? t('give') : t('withdraw')}
        reasonRequired={false}
        danger={!asking?.given}
        maxLength={200}
        labels={{ reasonOptional: t('how') }}
        onConfirm={confirm}
      />
    </section>
  );
}
