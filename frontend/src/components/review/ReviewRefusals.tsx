'use client';

import { useTranslations } from 'next-intl';
import { DialogSection } from '@/components/DetailDialog';
import { refusedActions, type ReviewAction } from './reviewActions';

/**
 * In a reviewed request's detail: the actions this person sees but may not take, each with the
 * server's reason (e.g. the first approver: another finance account must give the second
 * approval). Nothing when there is none.
 */
export function ReviewRefusals({ id, actions, label }: { id: string; actions: readonly ReviewAction[] | undefined; label: (action: string) => string }) {
  const t = useTranslations('kit.review');
  const refused = refusedActions(actions);
  if (refused.length === 0) return null;
  return (
    <DialogSection id={id} title={t('title')}>
      <ul className="flex flex-col gap-1 text-sm text-amber-700">
        {refused.map((action) => (
          <li key={action.action} data-reason-code={action.reason_code}>
            {t('unavailable', { action: label(action.action), reason: action.reason })}
          </li>
        ))}
      </ul>
    </DialogSection>
  );
}
