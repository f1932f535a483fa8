'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailSection, Fact, Facts } from '@/components/DetailSection';
import { formatDate, formatDateTime } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { notify } from '@/components/ui/Notice';
import { asApiError } from '@/lib/apiError';
import { useErasePrivacyData, useRestrictPrivacyData, type PrivacyDetail } from '../queries';

type Deletion = NonNullable<PrivacyDetail['deletion']>;
type Action = 'erase' | 'restrict';

/** Why an action of a deletion request cannot be taken now; null: it can. */
export function deletionBlocked(deletion: Deletion, action: Action): 'held' | 'notHeld' | null {
  if (action === 'erase') return deletion.erasable ? null : 'held';
  return deletion.erasable ? 'notHeld' : null;
}

/** The actions of an open deletion request: erase (nothing holds the data) or answer with the hold (something does); the one that cannot be taken is disabled and says why. */
export function DeletionActions({ requestId, deletion }: { requestId: number; deletion: Deletion }) {
  const t = useTranslations('privacyRequests.deletion');
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const erase = useErasePrivacyData();
  const restrict = useRestrictPrivacyData();
  const write = confirming === 'restrict' ? restrict : erase;
  const why = (action: Action) => {
    const blocked = deletionBlocked(deletion, action);
    return blocked ? t(`blocked.${blocked}`) : undefined;
  };
  const confirm = () => {
    if (confirming === null) return;
    setFailure(null);
    write.mutate(requestId, {
      onSuccess: () => {
        notify({ kind: 'success', message: { raw: t(confirming === 'erase' ? 'erased' : 'restricted') } });
        setConfirming(null);
      },
      onError: (failed) => setFailure(asApiError(failed)?.message || t('failed')),
    });
  };
  return (
    <>
      {(['erase', 'restrict'] as const).map((action) => (
        <span key={action} className="flex flex-col">
          <Button variant={action === 'erase' ? 'danger' : 'secondary'} disabled={why(action) !== undefined} title={why(action)} onClick={() => setConfirming(action)}>
            {t(`${action}.button`)}
          </Button>
          {why(action) && <span className="mt-1 max-w-56 text-xs text-slate-500">{why(action)}</span>}
        </span>
      ))}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`${confirming}.title`) : ''}
        message={confirming ? t(`${confirming}.message`) : ''}
        confirmLabel={confirming ? t(`${confirming}.confirm`) : ''}
        danger={confirming === 'erase'}
        loading={write.isPending}
        error={failure}
        onConfirm={confirm}
        onClose={() => {
          setConfirming(null);
          setFailure(null);
        }}
      />
    </>
  );
}

/** What holds the customer's data and until when, and what the request did (restricted, erased). */
export function DeletionSection({ deletion }: { deletion: Deletion }) {
  const t = useTranslations('privacyRequests.deletion');
  const english = useLocale().startsWith('en');
  const restriction = deletion.restriction;
  return (
    <DetailSection id="privacy-deletion" title={t('title')}>
      {restriction?.status === 'erased' ? null : deletion.holds.length === 0 ? (
        <p className="text-sm text-slate-700">{t('nothingHolds')}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm text-slate-700">
          {deletion.holds.map((hold, index) => (
            <li key={`${hold.code}-${index}`}>
              {/* A legal hold's label names its authority and reference (the server's, in both languages). */}
              {hold.code === 'legal_hold' ? (english ? hold.label_en : hold.label) : t(`holds.${hold.code}`)} · {hold.until ? t('until', { day: formatDate(hold.until) }) : t('untilItEnds')}
            </li>
          ))}
        </ul>
      )}
      {restriction && (
        <Facts>
          <Fact label={t('restriction')}>{t(`status.${restriction.status}`)}</Fact>
          {restriction.status === 'restricted' && <Fact label={t('restrictedUntil')}>{restriction.until ? formatDate(restriction.until) : t('untilItEnds')}</Fact>}
          {restriction.erased_at && <Fact label={t('erasedAt')}>{formatDateTime(restriction.erased_at)}</Fact>}
        </Facts>
      )}
    </DetailSection>
  );
}
