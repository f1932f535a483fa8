'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { AccountFields } from '@/components/AccountFields';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { ACCOUNT_ERRORS, asApiError, fieldErrorsOf } from '../lib/apiError';
import {
  EMPTY_ONBOARDING,
  newIdempotencyKey,
  onboardingBody,
  onboardingSchema,
  storeUrl,
  subdomainPreview,
  type OnboardingValues,
} from '../lib/onboarding';
import { useCreateMerchant, type MerchantInfo } from '../queries';
import { FormError } from '@/components/ui/FormError';
import { FormSection } from '@/components/ui/fields';
import { SettlementFields } from './SettlementFields';
import { merchantDetailHref } from './merchant-table/columns';

export function OnboardMerchantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Mounted per opening: each opening gets its own idempotency key and a clean form.
  return open ? <OnboardMerchantBody onClose={onClose} /> : null;
}

const STEPS = ['schema', 'domain', 'owner', 'settlement'] as const;

function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => {
      clearInterval(timer);
      setSeconds(0);
    };
  }, [running]);
  return seconds;
}

function Progress({ seconds }: { seconds: number }) {
  const t = useTranslations('merchant.onboard');
  return (
    <div className="flex flex-col gap-4 py-2" aria-live="polite">
      <Spinner label={t('working')} />
      <p className="text-sm text-slate-600">{t('workingHint')}</p>
      <ol className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        {STEPS.map((step, index) => (
          <li key={step} className="flex items-center gap-3">
            <span className="flex size-5 items-center justify-center rounded-full bg-white text-xs font-medium text-slate-500 ring-1 ring-slate-300">{index + 1}</span>
            {t(`steps.${step}`)}
          </li>
        ))}
      </ol>
      <p className="text-xs text-slate-500 tabular-nums">{t('elapsed', { seconds })}</p>
    </div>
  );
}

function Ready({ info, onClose }: { info: MerchantInfo; onClose: () => void }) {
  const t = useTranslations('merchant.onboard');
  const domain = info.merchant.domain ?? info.domains.find((entry) => entry.is_primary)?.domain ?? info.domains[0]?.domain ?? '';
  const url = storeUrl(domain, window.location);
  return (
    <div role="status" className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-4">
        <svg className="mt-0.5 size-5 shrink-0 text-emerald-600" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.09l3.73-5.24Z" clipRule="evenodd" />
        </svg>
        <div className="text-sm text-emerald-900">
          <p className="font-semibold">{t('readyTitle', { name: info.merchant.name })}</p>
          <p className="mt-1">{t('readyHint', { username: info.owner?.username ?? '' })}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
        <dt className="text-slate-500">{t('storeUrl')}</dt>
        <dd>
          <a href={url} target="_blank" rel="noreferrer" className="font-mono text-brand-600 hover:underline">
            {url}
          </a>
        </dd>
        <dt className="text-slate-500">{t('ownerAccount')}</dt>
        <dd className="font-mono">{info.owner?.username ?? '—'}</dd>
      </dl>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('done')}
        </Button>
        <Link href={merchantDetailHref(info.merchant.id)} className="inline-flex items-center rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
          {t('openDetail')}
        </Link>
      </div>
    </div>
  );
}

function OnboardMerchantBody({ onClose }: { onClose: () => void }) {
  const t = useTranslations('merchant');
  const tRules = useTranslations('merchant.errors');
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey());
  const create = useCreateMerchant();
  const [formError, setFormError] = useState<{ title: string; message?: string } | null>(null);
  // The last attempt got no answer: the merchant may exist already; the same key makes a retry safe.
  const [answerLost, setAnswerLost] = useState(false);
  const seconds = useElapsedSeconds(create.isPending);
  const form = useForm<OnboardingValues>({
    resolver: zodResolver(onboardingSchema(tRules)),
    defaultValues: EMPTY_ONBOARDING,
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = form;
  const slug = useWatch({ control, name: 'slug' });
  const host = typeof window === 'undefined' ? '' : window.location.host;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setAnswerLost(false);
    try {
      await create.mutateAsync(onboardingBody(values, idempotencyKey));
    } catch (error) {
      const apiError = asApiError(error);
      if (!apiError) {
        setFormError({ title: t('onboard.failedTitle') });
        return;
      }
      const fields = fieldErrorsOf(apiError, {
        codeFields: {
          [ACCOUNT_ERRORS.slugTaken]: 'slug',
          [ACCOUNT_ERRORS.usernameTaken]: 'owner_username',
          [ACCOUNT_ERRORS.weakPassword]: 'owner_password',
        },
      });
      for (const [name, message] of Object.entries(fields)) setError(name as Path<OnboardingValues>, { message }, { shouldFocus: true });
      if (apiError.isTransport) {
        setAnswerLost(true);
        setFormError({ title: t('onboard.networkTitle'), message: t('onboard.networkHint') });
      } else if (apiError.code === ACCOUNT_ERRORS.idempotencyReused) {
        // The data changed since a lost attempt under this key: the next submit is a new request.
        setIdempotencyKey(newIdempotencyKey());
        setFormError({ title: t('onboard.changedTitle'), message: t('onboard.changedHint') });
      } else if (apiError.code === ACCOUNT_ERRORS.validation) {
        setFormError({ title: t('onboard.invalidTitle'), message: t('onboard.invalidHint') });
      } else if (Object.keys(fields).length === 0) {
        setFormError({ title: t('onboard.failedTitle'), message: apiError.message });
      }
    }
  });

  const busy = create.isPending;
  const ready = create.data;

  return (
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      title={ready ? t('onboard.readyDialogTitle') : t('onboard.title')}
      width={760}
      footer={
        !ready &&
        !busy && (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" form="onboard-merchant">
              {answerLost ? t('onboard.retry') : t('onboard.submit')}
            </Button>
          </>
        )
      }
    >
      {ready ? (
        <Ready info={ready} onClose={onClose} />
      ) : busy ? (
        <Progress seconds={seconds} />
      ) : (
        <form id="onboard-merchant" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <FormSection title={t('onboard.merchantSection')}>
            <Input label={t('fields.name')} autoFocus error={errors.name?.message} {...register('name')} />
            <Input
              label={t('fields.slug')}
              autoComplete="off"
              spellCheck={false}
              error={errors.slug?.message}
              aria-describedby="onboard-slug-preview"
              {...register('slug')}
            />
            <p id="onboard-slug-preview" className="-mt-1 text-xs text-slate-500 sm:col-span-2">
              {t('onboard.subdomain')} <output className="font-mono text-slate-800">{subdomainPreview(slug, host)}</output>
              <span className="ml-2 text-slate-400">{t('onboard.slugHint')}</span>
            </p>
            <Input label={t('fields.contactName')} error={errors.contact_name?.message} {...register('contact_name')} />
            <Input label={t('fields.contactPhone')} inputMode="tel" error={errors.contact_phone?.message} {...register('contact_phone')} />
          </FormSection>
          <FormSection title={t('onboard.ownerSection')} description={t('onboard.ownerHint')}>
            <AccountFields
              register={(field) => register(`owner_${field}`)}
              labels={{ username: t('fields.ownerUsername'), password: t('fields.ownerPassword'), name: t('fields.ownerName'), phone: t('fields.ownerPhone') }}
              errors={{ username: errors.owner_username?.message, password: errors.owner_password?.message, name: errors.owner_name?.message, phone: errors.owner_phone?.message }}
            />
          </FormSection>
          <FormSection title={t('onboard.settlementSection')}>
            <SettlementFields
              register={(name) => register(`settlement.${name}`)}
              errors={{
                commission_rate: errors.settlement?.commission_rate?.message,
                settlement_cycle: errors.settlement?.settlement_cycle?.message,
                bank_name: errors.settlement?.bank_name?.message,
                account_name: errors.settlement?.account_name?.message,
                account_number: errors.settlement?.account_number?.message,
              }}
            />
          </FormSection>
          {formError && <FormError title={formError.title} message={formError.message} />}
        </form>
      )}
    </Dialog>
  );
}
