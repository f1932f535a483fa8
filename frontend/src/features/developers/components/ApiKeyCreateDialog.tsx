'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { DateField } from '@/components/ui/DateField';
import { SelectField } from '@/components/ui/fields';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { Button } from '@/components/ui/Button';
import { businessDay, businessInstant } from '@/lib/businessTime';
import { useCheckedSave } from '@/lib/formRefusal';
import { API_KEY_NAME_MAX, apiKeyProblems, isKnownScope, type ApiKeyProblem } from '../lib/developers';
import { useApiKeyScopes, useCreateApiKey, useSubShopOptions } from '../queries';
import type { ApiKeyCreated } from '../types';
import { Code, ScopeName } from './labels';

/**
 * A new API key: its name, its scopes (those the signed-in account may not grant are shown,
 * disabled, with the rights they need), optionally one sub-shop and a last day. The answer
 * holds the key whole, handed to `onCreated` to be shown once.
 */
export function ApiKeyCreateDialog(props: { open: boolean; onClose: () => void; onCreated: (created: ApiKeyCreated) => void }) {
  return props.open ? <Body {...props} /> : null;
}

function Body({ onClose, onCreated }: { onClose: () => void; onCreated: (created: ApiKeyCreated) => void }) {
  const t = useTranslations('developers.apiKeyForm');
  const common = useTranslations('common');
  const scopes = useApiKeyScopes();
  const subShops = useSubShopOptions();
  const create = useCreateApiKey();
  const scopesId = useId();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [subShop, setSubShop] = useState('');
  const [expires, setExpires] = useState('');
  const { errors, failure, submit: check } = useCheckedSave(t('failed'));
  const problem = (key: ApiKeyProblem | undefined) => (key ? t(`errors.${key}`) : undefined);

  const submit = () => {
    const found = apiKeyProblems({ name, scopes: chosen }, scopes.data);
    return check({ name: problem(found.name), scopes: problem(found.scopes) }, async () => {
      const created = await create.mutateAsync({
        name: name.trim(),
        scopes: chosen.filter(isKnownScope),
        sub_shop_id: subShop ? Number(subShop) : null,
        expires_at: expires ? businessInstant(expires, '23:59') : null,
      });
      onCreated(created);
    });
  };

  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('create')} cancelLabel={common('cancel')} failedLabel={t('failed')} busy={create.isPending} failure={failure} width={600} onClose={onClose} onSubmit={() => void submit()}>
      <Input label={t('name')} autoFocus maxLength={API_KEY_NAME_MAX} placeholder={t('namePlaceholder')} value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
      <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={errors.scopes ? `${scopesId}-error` : `${scopesId}-hint`}>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('scopes')}</legend>
        <p id={`${scopesId}-hint`} className="-mt-1 text-xs text-slate-500">
          {t('scopesHint')}
        </p>
        {scopes.isPending ? (
          <Spinner />
        ) : scopes.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
            {t('scopesLoadError')}
            <Button variant="secondary" className="px-2.5 py-1" onClick={() => void scopes.refetch()}>
              {common('retry')}
            </Button>
          </p>
        ) : (
          <ul className="flex flex-col gap-2 rounded-md border border-slate-200 p-3" data-scopes>
            {scopes.data.map((item) => {
              const whyId = `${scopesId}-${item.scope}-why`;
              return (
                <li key={item.scope} data-scope={item.scope} data-granted={item.granted ? 'true' : 'false'}>
                  <label className={`flex items-start gap-2 text-sm ${item.granted ? 'text-slate-700' : 'cursor-not-allowed text-slate-400'}`} title={item.granted ? undefined : t('scopeWhy', { actions: item.actions.join(', ') })}>
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-brand-600 disabled:cursor-not-allowed"
                      value={item.scope}
                      disabled={!item.granted}
                      aria-describedby={item.granted ? undefined : whyId}
                      checked={chosen.includes(item.scope)}
                      onChange={(event) => setChosen((current) => (event.target.checked ? [...current, item.scope] : current.filter((scope) => scope !== item.scope)))}
                    />
                    <ScopeName scope={item.scope} />
                  </label>
                  {!item.granted && (
                    <p id={whyId} className="ml-6 text-xs text-slate-500">
                      {t('scopeWhyLead')}{' '}
                      {item.actions.map((action, index) => (
                        <span key={action}>
                          {index > 0 && ', '}
                          <Code muted>{action}</Code>
                        </span>
                      ))}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {errors.scopes && (
          <p id={`${scopesId}-error`} className="text-xs text-red-600">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <SelectField
        label={t('subShop')}
        value={subShop}
        error={errors.sub_shop_id}
        disabled={subShops.isPending}
        onChange={(event) => setSubShop(event.target.value)}
        options={[{ value: '', label: t('wholeShop') }, ...(subShops.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name, userText: true }))]}
      />
      <div>
        <DateField label={t('expires')} value={expires} min={businessDay()} error={errors.expires_at} onChange={setExpires} className="sm:w-56" />
        <p className="mt-1 text-xs text-slate-500">{expires ? t('expiresHint', { day: expires }) : t('neverExpires')}</p>
      </div>
    </FormFrameDialog>
  );
}
