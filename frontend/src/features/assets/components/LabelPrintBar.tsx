'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { asApiError } from '@/lib/apiError';
import { useCreateUnitLabels } from '../queries';
import type { Unit } from '../types';

/** The most labels one PDF takes (createUnitLabels: 1..500). */
export const LABELS_MAX = 500;

type LabelFormat = 'code128' | 'qr';

/**
 * Labels for the selected devices: the PDF opens in a new tab (the tab is opened on the press, so
 * a pop-up blocker lets it through; the link stays here in case it was blocked anyway). With
 * nothing selected the button says why it is off.
 */
export function LabelPrintBar({ units, onClear }: { units: readonly Unit[]; onClear: () => void }) {
  const t = useTranslations('assets.labels');
  const whyId = useId();
  const create = useCreateUnitLabels();
  const [format, setFormat] = useState<LabelFormat>('code128');
  const [made, setMade] = useState<{ url: string; count: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const none = units.length === 0;
  const tooMany = units.length > LABELS_MAX;
  const why = none ? t('noneSelected') : tooMany ? t('tooMany', { max: LABELS_MAX }) : null;

  const print = () => {
    const tab = window.open('', '_blank');
    setFailure(null);
    create.mutate(
      { unit_ids: units.map((unit) => unit.id), format },
      {
        onSuccess: (labels) => {
          setMade({ url: labels.url, count: labels.count });
          if (tab) tab.location.href = labels.url;
        },
        onError: (error) => {
          tab?.close();
          setFailure(asApiError(error)?.message || t('failed'));
        },
      },
    );
  };

  return (
    <div className={`flex flex-wrap items-center gap-3 rounded-md px-4 py-2 text-sm ${none ? 'bg-slate-50' : 'bg-brand-50'}`} data-bulk-bar>
      {!none && <span className="font-medium text-slate-800">{t('selected', { count: units.length })}</span>}
      <label className="flex items-center gap-2 text-slate-700">
        {t('format')}
        <select value={format} onChange={(event) => setFormat(event.target.value as LabelFormat)} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
          <option value="code128">{t('code128')}</option>
          <option value="qr">{t('qr')}</option>
        </select>
      </label>
      <Button onClick={print} loading={create.isPending} disabled={Boolean(why)} aria-describedby={why ? whyId : undefined} title={why ?? undefined}>
        {t('print')}
      </Button>
      {why && (
        <span id={whyId} className="text-xs text-slate-500">
          {why}
        </span>
      )}
      {!none && (
        <Button variant="link" onClick={onClear}>
          {t('clearSelection')}
        </Button>
      )}
      {made && (
        <a href={made.url} target="_blank" rel="noopener" className="text-brand-700 underline" data-labels-link>
          {t('open', { count: made.count })}
        </a>
      )}
      {failure && (
        <span role="alert" className="text-red-700">
          {failure}
        </span>
      )}
    </div>
  );
}
