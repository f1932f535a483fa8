'use client';

import { useState } from 'react';
import { DetailSection } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { TextAreaField } from '@/components/ui/fields';
import { asApiError } from '@/lib/apiError';
import { useAddRemark, type OrderDetail, type OrderRef } from '../../queries';
import { useOrderText } from '../labels';

/** The shop's notes on the order, newest first; roles with order.remark add to them. */
export function RemarksSection({ detail, orderRef, canAdd }: { detail: OrderDetail; orderRef: OrderRef; canAdd: boolean }) {
  const { t } = useOrderText();
  const add = useAddRemark(orderRef);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    if (!text.trim()) {
      setError(t('detail.remarks.required'));
      return;
    }
    setError(undefined);
    try {
      await add.mutateAsync(text.trim());
      setText('');
    } catch (failure) {
      setError(asApiError(failure)?.message || t('failed'));
    }
  };
  return (
    <DetailSection id="order-remarks" title={t('detail.sections.remarks')}>
      {canAdd && (
        <form
          className="mb-4 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextAreaField label={t('detail.remarks.label')} value={text} maxLength={500} rows={2} error={error} onChange={(event) => setText(event.target.value)} />
          <div>
            <Button type="submit" variant="secondary" loading={add.isPending}>
              {t('detail.remarks.add')}
            </Button>
          </div>
        </form>
      )}
      {detail.remarks.length === 0 ? (
        <p className="text-sm text-slate-500">{t('detail.remarks.none')}</p>
      ) : (
        <ul aria-label={t('detail.sections.remarks')} className="flex flex-col gap-3">
          {detail.remarks.map((remark) => (
            <li key={remark.id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">{remark.remark}</p>
              <p className="text-xs text-slate-500">{t('detail.remarks.by', { actor: remark.actor, time: formatDateTime(remark.created_at) })}</p>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
