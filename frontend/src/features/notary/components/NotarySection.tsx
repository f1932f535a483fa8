'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailSection, Fact, Facts } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { copyToClipboard } from '@/lib/clipboard';
import { notify } from '@/lib/notice';
import { failureKey, knownPart, knownStatus, notaryButtons, notaryTone, sizeText, type NotaryButton, type NotaryStep } from '../lib/notary';
import { useNotaryLink, useNotaryStep, type Notarization } from '../queries';
import { useStepFailure } from './stepFailure';

// The cancel dialog loads when it is first opened.
const ReasonDialog = lazyDialog(() => import('@/components/ReasonDialog').then((module) => module.ReasonDialog), (props) => props.open);

// Dialogs (Headless UI, file reading) load when first opened.
const IdCardDialog = lazyDialog(() => import('./IdCardDialog').then((module) => module.IdCardDialog), (props) => props.open);
const NotarySettingsDialog = lazyDialog(() => import('./NotarySettingsDialog').then((module) => module.NotarySettingsDialog), (props) => props.open);

const STEPS = ['customer', 'id_card', 'contract', 'submit', 'outcome'] as const;

function Steps({ notary }: { notary: Notarization }) {
  const t = useTranslations('notary');
  return (
    <ol aria-label={t('stepsLabel')} className="grid grid-cols-1 gap-2 sm:grid-cols-5">
      {STEPS.map((step, index) => {
        const row = notary.steps.find((item) => item.step === step);
        const done = Boolean(row?.done_at);
        return (
          <li key={step} data-step={step} data-done={done || undefined} className={`rounded-md border px-3 py-2 text-sm ${done ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-white'}`}>
            <span className="block font-medium text-slate-900">
              {index + 1}. {t(`steps.${step}`)}
            </span>
            <span className="block text-xs text-slate-500">{done ? formatDateTime(row?.done_at ?? null) : t('pending')}</span>
          </li>
        );
      })}
    </ol>
  );
}

function Evidence({ notary }: { notary: Notarization }) {
  const t = useTranslations('notary');
  if (notary.evidence.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-slate-900">{t('evidence.title')}</h3>
      <ul className="flex flex-col gap-1.5">
        {notary.evidence.map((part) => {
          const known = knownPart(part.name);
          return (
            <li key={part.name} data-evidence={part.name} className="flex flex-col gap-0.5 rounded-md bg-slate-50 px-3 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3">
              <span className="shrink-0 font-medium text-slate-800">{known ? t(`evidence.parts.${known}`) : part.name.replace(/_/g, ' ')}</span>
              <span className="text-xs text-slate-500">{sizeText(part.size)}</span>
              <span className="font-mono text-xs break-all text-slate-600" title={t('evidence.sha256')}>
                {part.sha256}
              </span>
            </li>
          );
        })}
      </ul>
      {notary.evidence_hash && (
        <p className="text-sm">
          <span className="font-medium text-slate-800">{t('evidence.hash')}</span>
          <span data-evidence-hash className="mt-0.5 block font-mono text-xs break-all text-slate-700">
            {notary.evidence_hash}
          </span>
        </p>
      )}
    </div>
  );
}

/**
 * The order's notarization on its detail: the state, the five steps, the evidence sent with
 * each part's SHA-256 and the combined hash, the certificate, and a button for each next step
 * the server allows this session (the customer's link with a copy button; cancel asks why).
 * The owner opens the shop's notary settings from here.
 */
export function NotarySection({ notary, orderId, canConfigure }: { notary: Notarization; orderId: number; canConfigure: boolean }) {
  const t = useTranslations('notary');
  const step = useNotaryStep();
  const link = useNotaryLink();
  const failureText = useStepFailure();
  const [error, setError] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'id_card' | 'cancel' | 'settings' | null>(null);
  const [busy, setBusy] = useState<NotaryButton | null>(null);
  const buttons = notaryButtons(notary.actions);

  const run = async (button: NotaryStep) => {
    setError(null);
    setBusy(button);
    try {
      const answer = await step.mutateAsync({ step: button, orderId });
      notify({ kind: 'success', message: { raw: t(`done.${button}`, { status: t(`statuses.${knownStatus(answer.status)}`) }) } });
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(null);
    }
  };
  const fetchLink = async () => {
    setError(null);
    setBusy('link');
    try {
      setUrl((await link.mutateAsync(orderId)).url);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(null);
    }
  };
  const press = (button: NotaryButton) => {
    if (button === 'push_id_card') setDialog('id_card');
    else if (button === 'cancel') setDialog('cancel');
    else if (button === 'link') void fetchLink();
    else void run(button);
  };

  return (
    <DetailSection
      id="order-notary"
      title={t('title')}
      actions={
        <span className="flex items-center gap-2">
          <StatusBadge tone={notaryTone(notary.status)}>{t(`statuses.${knownStatus(notary.status)}`)}</StatusBadge>
          {canConfigure && (
            <Button variant="secondary" className="px-2.5 py-1" onClick={() => setDialog('settings')}>
              {t('settings.open')}
            </Button>
          )}
        </span>
      }
    >
      <div className="flex flex-col gap-4">
        {!notary.is_open && notary.status === 'none' ? (
          <p className="text-sm text-slate-500">{canConfigure ? t('closedOwner') : t('closed')}</p>
        ) : (
          <>
            <Steps notary={notary} />
            {notary.status !== 'none' && (
              <Facts>
                <Fact label={t('facts.case')}>
                  <span className="font-mono break-all">{notary.case_reference || '—'}</span>
                </Fact>
                <Fact label={t('facts.attempt')}>{notary.attempt}</Fact>
                {notary.contract_no && (
                  <Fact label={t('facts.contract')}>
                    <span className="font-mono">{notary.contract_no}</span>
                  </Fact>
                )}
                {notary.certificate_no && (
                  <Fact label={t('facts.certificate')}>
                    <span data-certificate>{notary.certificate_no}</span>
                  </Fact>
                )}
                {notary.status === 'failed' && <Fact label={t('facts.failure')}>{t(`failures.${failureKey(notary.failure_reason)}`)}</Fact>}
                {notary.status === 'cancelled' && <Fact label={t('facts.cancelReason')}>{notary.cancel_reason || t('noReason')}</Fact>}
                <Fact label={t('facts.updatedAt')}>{formatDateTime(notary.updated_at ?? null)}</Fact>
              </Facts>
            )}
            {notary.last_error && (
              <p data-notary-last-error className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {t('lastError')}
              </p>
            )}
            <Evidence notary={notary} />
          </>
        )}
        {buttons.length > 0 && (
          <div aria-label={t('actionsLabel')} role="group" className="flex flex-wrap gap-2">
            {buttons.map((button, index) => (
              <Button key={button} variant={button === 'cancel' ? 'danger' : index === 0 ? 'primary' : 'secondary'} loading={busy === button} disabled={busy !== null && busy !== button} onClick={() => press(button)}>
                {t(`actions.${button}`)}
              </Button>
            ))}
          </div>
        )}
        {url && (
          <div data-notary-link className="flex flex-col gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 sm:flex-row sm:items-center">
            <span className="text-sm text-slate-700">{t('link.label')}</span>
            <a href={url} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 font-mono text-xs break-all text-brand-700 hover:underline">
              {url}
            </a>
            <Button variant="secondary" className="shrink-0 px-2.5 py-1" onClick={() => void copyToClipboard(url)}>
              {t('link.copy')}
            </Button>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <IdCardDialog open={dialog === 'id_card'} orderId={orderId} onClose={() => setDialog(null)} />
      <ReasonDialog
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        title={t('cancel.title')}
        description={t('cancel.description')}
        confirmLabel={t('cancel.confirm')}
        reasonRequired={false}
        danger
        maxLength={300}
        onConfirm={async (reason) => {
          await step.mutateAsync({ step: 'cancel', orderId, reason });
          notify({ kind: 'success', message: { raw: t('done.cancel', { status: t('statuses.cancelled') }) } });
        }}
      />
      <NotarySettingsDialog open={dialog === 'settings'} onClose={() => setDialog(null)} />
    </DetailSection>
  );
}
