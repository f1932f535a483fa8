'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatDateTime } from '@/components/format';
import { QueryDialog } from '@/components/QueryDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/fields';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Input } from '@/components/ui/Input';
import { useSettingsSave } from '@/lib/formRefusal';
import { LADDER_ACTIONS, ladderBody, MAX_DAYS, MAX_STEPS, REMINDER_CHANNELS, reminderChannel, stepRows, type LadderAction, type StepRow } from '../lib/overdueLadder';
import { useOverdueLadder, useSaveOverdueLadder, type OverdueLadder } from '../queries';

const WIDTH = 760;
type StepField = 'days_past_due' | 'action' | 'min_amount' | 'min_bills' | 'channel';

/** One step as people read it: "from day 1 past due · at least ¥100.00 · 2 bills → recovery case". */
function StepList({ steps }: { steps: OverdueLadder['steps'] }) {
  const t = useTranslations('finance.ladder');
  if (steps.length === 0) return <p className="text-sm text-slate-500">{t('noSteps')}</p>;
  return (
    <ol className="divide-y divide-slate-100 rounded-md border border-slate-200">
      {steps.map((step) => (
        <li key={step.position} data-step={step.position} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
          <span className="font-medium text-slate-900 tabular-nums">{t('fromDay', { days: step.days_past_due })}</span>
          {step.min_amount !== null && <span className="text-slate-600">{t('minAmountIs', { amount: step.min_amount })}</span>}
          {step.min_bills !== null && <span className="text-slate-600">{t('minBillsIs', { bills: step.min_bills })}</span>}
          <span aria-hidden="true">→</span>
          <span className="text-slate-900">{t(`actions.${step.action as LadderAction}`)}</span>
          {step.action === 'reminder' && <span className="text-slate-600">{t('channelIs', { channel: t(`channels.${reminderChannel(step.params)}`) })}</span>}
        </li>
      ))}
    </ol>
  );
}

function LadderNotes({ ladder }: { ladder: OverdueLadder }) {
  const t = useTranslations('finance.ladder');
  return (
    <div className="flex flex-col gap-1 text-xs text-slate-500">
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={ladder.is_default ? 'slate' : 'sky'}>{ladder.is_default ? t('isDefault') : t('isOwn', { version: ladder.version })}</StatusBadge>
        {ladder.updated_at && !ladder.is_default && <span>{t('updatedAt', { time: formatDateTime(ladder.updated_at) })}</span>}
      </p>
      <p>{t('explain')}</p>
    </div>
  );
}

const blankStep = (days: string): StepRow => ({ days_past_due: days, action: 'reminder', min_amount: '', min_bills: '', params: {} });

/** The editable ladder (`finance.manage`): rows of steps, added, removed, or back to the default. */
function LadderEditor({ ladder, onClose }: { ladder: OverdueLadder; onClose: () => void }) {
  const t = useTranslations('finance.ladder');
  const common = useTranslations('common');
  const save = useSaveOverdueLadder();
  const [rows, setRows] = useState<StepRow[]>(() => stepRows(ladder.steps));
  const { errors, failure, showProblems, saveAndClose } = useSettingsSave({ saved: t('saved'), failed: t('failed') }, onClose);
  const change = (index: number, patch: Partial<StepRow>) => setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  const submit = () => {
    const result = ladderBody(rows);
    if ('problems' in result) showProblems(Object.fromEntries(Object.entries(result.problems).map(([key, problem]) => [key, t(`problems.${problem}`, { max: MAX_DAYS })])));
    else void saveAndClose(() => save.mutateAsync(result.body));
  };

  return (
    <FormFrameDialog
      title={t('title')}
      confirmLabel={t('save')}
      cancelLabel={common('cancel')}
      failedLabel={t('failed')}
      busy={save.isPending}
      failure={failure}
      width={WIDTH}
      onClose={onClose}
      onSubmit={submit}
    >
      <LadderNotes ladder={ladder} />
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{t('formLegend')}</legend>
        {rows.length === 0 && <p className="text-sm text-slate-500">{t('noSteps')}</p>}
        <p className="text-xs text-slate-500">{t('channelHint')}</p>
        {rows.map((row, index) => {
          const error = (field: StepField) => errors[`steps.${index}.${field}`];
          const number = index + 1;
          return (
            <div key={index} data-row={index} className="grid grid-cols-2 items-start gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[7rem_1fr_8rem_7rem_auto]">
              <Input
                label={t('days', { number })}
                inputMode="numeric"
                autoComplete="off"
                value={row.days_past_due}
                error={error('days_past_due')}
                onChange={(event) => change(index, { days_past_due: event.target.value })}
              />
              <Select label={t('action', { number })} value={row.action} error={error('action') ?? errors[`steps.${index}.params`]} onChange={(event) => change(index, { action: event.target.value as LadderAction, params: {} })}>
                {LADDER_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {t(`actions.${action}`)}
                  </option>
                ))}
              </Select>
              <Input
                label={t('minAmount', { number })}
                inputMode="decimal"
                autoComplete="off"
                placeholder={t('none')}
                value={row.min_amount}
                error={error('min_amount')}
                onChange={(event) => change(index, { min_amount: event.target.value })}
              />
              <Input
                label={t('minBills', { number })}
                inputMode="numeric"
                autoComplete="off"
                placeholder={t('none')}
                value={row.min_bills}
                error={error('min_bills')}
                onChange={(event) => change(index, { min_bills: event.target.value })}
              />
              <Button variant="secondary" className="self-end" aria-label={t('removeNamed', { number })} onClick={() => setRows((current) => current.filter((_, at) => at !== index))}>
                {t('remove')}
              </Button>
              {row.action === 'reminder' && (
                <div className="col-span-full sm:max-w-xs">
                  <Select label={t('channel', { number })} value={reminderChannel(row.params)} error={error('channel')} onChange={(event) => change(index, { params: { ...row.params, channel: event.target.value } })}>
                    {REMINDER_CHANNELS.map((channel) => (
                      <option key={channel} value={channel}>
                        {t(`channels.${channel}`)}
                      </option>
                    ))}
                  </Select>
                </div>
              )}
            </div>
          );
        })}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={rows.length >= MAX_STEPS} onClick={() => setRows((current) => [...current, blankStep(current.at(-1)?.days_past_due ?? '1')])}>
            {t('add')}
          </Button>
          <Button variant="secondary" onClick={() => setRows(stepRows(ladder.default_steps))}>
            {t('reset')}
          </Button>
        </div>
      </fieldset>
    </FormFrameDialog>
  );
}

/**
 * The shop's one overdue ladder (opened from the bill screen's header beside the late-fee rates):
 * everyone with `finance.view` reads its steps; with `finance.manage` they can be changed.
 */
export function OverdueLadderDialog({ open, canEdit, onClose }: { open: boolean; canEdit: boolean; onClose: () => void }) {
  const t = useTranslations('finance.ladder');
  const ladder = useOverdueLadder(open);
  if (!open) return null;
  if (ladder.isSuccess && canEdit) return <LadderEditor ladder={ladder.data} onClose={onClose} />;
  return (
    <QueryDialog title={t('title')} width={WIDTH} errorTitle={t('loadError')} query={ladder} onClose={onClose}>
      {(data) => (
        <div className="flex flex-col gap-3">
          <LadderNotes ladder={data} />
          <StepList steps={data.steps} />
          <p className="text-xs text-slate-500">{t('readOnly')}</p>
        </div>
      )}
    </QueryDialog>
  );
}
