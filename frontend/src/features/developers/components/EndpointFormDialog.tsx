'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Input } from '@/components/ui/Input';
import { useCheckedSave } from '@/lib/formRefusal';
import { EVENT_TYPES, toggleEventType } from '../lib/developers';
import { useCreateEndpoint, useUpdateEndpoint } from '../queries';
import type { WebhookEndpoint, WebhookEndpointCreated } from '../types';
import { EventTypeName } from './labels';

type Field = 'url' | 'description' | 'event_types';

const URL_PATTERN = /^https?:\/\/\S+$/i;

/**
 * A new endpoint, or one's address, description and event types: every type (none chosen, the
 * types added later included) or the ones chosen. A new endpoint's answer holds its secret,
 * handed to `onCreated` to be shown once.
 */
export function EndpointFormDialog(props: { open: boolean; endpoint: WebhookEndpoint | null; onClose: () => void; onCreated: (created: WebhookEndpointCreated) => void }) {
  return props.open ? <FormBody key={props.endpoint?.id ?? 'new'} {...props} /> : null;
}

function FormBody({ endpoint, onClose, onCreated }: { endpoint: WebhookEndpoint | null; onClose: () => void; onCreated: (created: WebhookEndpointCreated) => void }) {
  const t = useTranslations('developers.endpointForm');
  const common = useTranslations('common');
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const typesId = useId();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [mode, setMode] = useState<'all' | 'some'>(endpoint && endpoint.event_types.length > 0 ? 'some' : 'all');
  const [types, setTypes] = useState<string[]>(endpoint?.event_types ?? []);
  const { errors, failure, submit: save } = useCheckedSave(t('failed'));
  const busy = create.isPending || update.isPending;

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    const address = url.trim();
    if (!address) found.url = t('errors.urlRequired');
    else if (!URL_PATTERN.test(address) || address.length < 8) found.url = t('errors.urlInvalid');
    else if (address.length > 500) found.url = t('errors.urlTooLong');
    if (description.trim().length > 200) found.description = t('errors.descriptionTooLong');
    if (mode === 'some' && types.length === 0) found.event_types = t('errors.typesRequired');
    return found;
  };

  const submit = () =>
    save(check(), async () => {
      const body = { url: url.trim(), description: description.trim(), event_types: mode === 'all' ? [] : types };
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, ...body });
        onClose();
      } else {
        onCreated(await create.mutateAsync(body));
      }
    });

  return (
    <FormFrameDialog
      title={endpoint ? t('editTitle') : t('createTitle')}
      confirmLabel={endpoint ? t('save') : t('create')}
      cancelLabel={common('cancel')}
      failedLabel={t('failed')}
      busy={busy}
      failure={failure}
      width={600}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Input label={t('url')} type="url" inputMode="url" autoFocus placeholder="https://erp.example.com/webhooks/zulin" translate="no" value={url} error={errors.url} onChange={(event) => setUrl(event.target.value)} />
      <p className="-mt-2 text-xs text-slate-500">{t('urlHint')}</p>
      <Input label={t('description')} maxLength={200} value={description} error={errors.description} onChange={(event) => setDescription(event.target.value)} />
      <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={errors.event_types ? `${typesId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('eventTypes')}</legend>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="radio" name={`${typesId}-mode`} className="mt-0.5 accent-brand-600" checked={mode === 'all'} onChange={() => setMode('all')} />
          <span>
            {t('allTypes')}
            <span className="block text-xs text-slate-500">{t('allTypesHint')}</span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="radio" name={`${typesId}-mode`} className="mt-0.5 accent-brand-600" checked={mode === 'some'} onChange={() => setMode('some')} />
          <span>{t('someTypes', { count: types.length })}</span>
        </label>
        {mode === 'some' && (
          <div role="group" aria-label={t('eventTypes')} className="grid grid-cols-1 gap-x-4 gap-y-1.5 rounded-md border border-slate-200 p-3 sm:grid-cols-2" data-event-types>
            {EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm text-slate-700">
                <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-600" checked={types.includes(type)} value={type} onChange={() => setTypes((current) => toggleEventType(current, type))} />
                <EventTypeName type={type} />
              </label>
            ))}
          </div>
        )}
        {errors.event_types && (
          <p id={`${typesId}-error`} className="text-xs text-red-600">
            {errors.event_types}
          </p>
        )}
      </fieldset>
    </FormFrameDialog>
  );
}
