'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { copyToClipboard } from '@/lib/clipboard';
import { Button } from './Button';

/**
 * A secret the server answers once (a signing secret, an API key, an app secret): shown whole in
 * a read-only field with a copy button, and the warning that it will not be shown again. The
 * secret lives only as long as the caller keeps it (its dialog's state); nothing stores it.
 */
export function SecretOnce({ label, secret, warning }: { label: string; secret: string; warning?: string }) {
  const t = useTranslations('kit.secret');
  const id = useId();
  return (
    <div className="flex flex-col gap-2" data-secret-once="">
      <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {warning ?? t('warning')}
      </p>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={secret}
          translate="no"
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        />
        <Button variant="secondary" className="shrink-0" onClick={() => void copyToClipboard(secret, { copied: 'kit.secret.copied', failed: 'kit.secret.copyFailed' })}>
          {t('copy')}
        </Button>
      </div>
    </div>
  );
}
