'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Checkbox } from '@/components/ui/Input';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from '@/components/ui/DialogButtons';
import { FormError } from '@/components/ui/FormError';
import { asApiError } from '@/lib/apiError';
import { notify } from '@/lib/notice';
import { MAX_SHORTCUTS, type ShortcutChoice } from '../lib/shortcuts';
import { useSaveShortcuts } from '../queries';

/** Picks the workbench shortcuts from the menu entries the role may open (at most twelve). */
export function ShortcutsDialog({ choices, pinned, onClose }: { choices: readonly ShortcutChoice[]; pinned: readonly number[]; onClose: () => void }) {
  const t = useTranslations('workbench.edit');
  const tc = useTranslations('common');
  const save = useSaveShortcuts();
  const [chosen, setChosen] = useState<number[]>(() => pinned.filter((id) => choices.some((choice) => choice.id === id)));
  const [error, setError] = useState<string>();
  const full = chosen.length >= MAX_SHORTCUTS;
  const toggle = (id: number, on: boolean) => setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const submit = () => {
    setError(undefined);
    save.mutate(chosen, {
      onSuccess: () => {
        notify({ kind: 'success', message: { raw: t('saved') } });
        onClose();
      },
      onError: (failure) => setError(asApiError(failure)?.message || t('failed')),
    });
  };
  return (
    <Dialog
      open
      onClose={save.isPending ? () => undefined : onClose}
      title={t('title')}
      footer={<DialogButtons cancelLabel={tc('cancel')} onCancel={onClose} cancelDisabled={save.isPending} confirmLabel={t('save')} busy={save.isPending} onConfirm={submit} />}
    >
      <p className="mb-3 text-sm text-slate-600">{t('hint', { max: MAX_SHORTCUTS, count: chosen.length })}</p>
      {choices.length === 0 ? (
        <p className="text-sm text-slate-500">{t('none')}</p>
      ) : (
        <fieldset>
          <legend className="sr-only">{t('title')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {choices.map((choice) => {
              const checked = chosen.includes(choice.id);
              return <Checkbox key={choice.id} label={choice.name} checked={checked} disabled={!checked && full} onChange={(event) => toggle(choice.id, event.target.checked)} />;
            })}
          </div>
        </fieldset>
      )}
      {error && (
        <div className="mt-3">
          <FormError title={t('failed')} message={error} />
        </div>
      )}
    </Dialog>
  );
}
