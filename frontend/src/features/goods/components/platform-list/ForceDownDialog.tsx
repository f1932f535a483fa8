'use client';

import { useTranslations } from 'next-intl';
import { ReasonDialog } from '@/components/ReasonDialog';
import { Spinner } from '@/components/ui/Spinner';
import { TableError } from '@/components/data-table/TableStates';
import { Dialog } from '@/components/ui/Dialog';
import { notify } from '@/lib/notice';
import { useForceGoodsDown, useForceReasons } from '../../queries';
import type { PlatformGoodsRow } from '../../types';

/** The platform takes a merchant's goods off shelf, with a reason the merchant will see. */
export function ForceDownDialog({ goods, onClose }: { goods: PlatformGoodsRow; onClose: () => void }) {
  const t = useTranslations('goods.forceDown');
  const reasons = useForceReasons();
  const forceDown = useForceGoodsDown();
  if (!reasons.data) {
    return (
      <Dialog open onClose={onClose} title={t('title')}>
        {reasons.isError ? <TableError title={t('reasonsError')} onRetry={() => void reasons.refetch()} /> : <Spinner />}
      </Dialog>
    );
  }
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t('title')}
      description={t('intro', { title: goods.title, merchant: goods.merchant_name })}
      confirmLabel={t('submit')}
      reasonRequired
      danger
      maxLength={200}
      hint={t('hint')}
      labels={{ reason: t('textNeeded'), reasonOptional: t('textOptional'), required: t('textRequired'), choice: t('reason'), choiceRequired: t('reasonRequired') }}
      choices={reasons.data.map((reason) => ({ value: reason.code, label: reason.label, needsText: reason.needs_text }))}
      onConfirm={async (text, code) => {
        await forceDown.mutateAsync({ id: goods.id, reason_code: code ?? '', reason_text: text });
        notify({ kind: 'success', message: { raw: t('done', { title: goods.title }) } });
      }}
    />
  );
}
