'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SelectField } from '@/components/ui/fields';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Input } from '@/components/ui/Input';
import { useCheckedSave } from '@/lib/formRefusal';
import { useChannels, useCreateIntakeKey } from '../queries';
import type { IntakeKeyCreated } from '../types';

/**
 * A new application key of the customer applet: its name and the channel its orders default
 * to. The answer holds the secret, handed to `onCreated` to be shown once.
 */
export function IntakeKeyCreateDialog(props: { open: boolean; onClose: () => void; onCreated: (created: IntakeKeyCreated) => void }) {
  return props.open ? <Body {...props} /> : null;
}

function Body({ onClose, onCreated }: { onClose: () => void; onCreated: (created: IntakeKeyCreated) => void }) {
  const t = useTranslations('developers.intakeForm');
  const common = useTranslations('common');
  const channels = useChannels();
  const create = useCreateIntakeKey();
  const [name, setName] = useState('');
  const [channel, setChannel] = useState('');
  const { errors, failure, submit: check } = useCheckedSave(t('failed'));

  const submit = () =>
    check({ name: !name.trim() ? t('nameRequired') : name.trim().length > 50 ? t('nameTooLong') : undefined }, async () => {
      onCreated(await create.mutateAsync({ name: name.trim(), channel }));
    });

  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('create')} cancelLabel={common('cancel')} failedLabel={t('failed')} busy={create.isPending} failure={failure} onClose={onClose} onSubmit={() => void submit()}>
      <Input label={t('name')} autoFocus maxLength={50} placeholder={t('namePlaceholder')} value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
      <SelectField
        label={t('channel')}
        value={channel}
        error={errors.channel}
        disabled={channels.isPending}
        onChange={(event) => setChannel(event.target.value)}
        options={[{ value: '', label: t('noChannel') }, ...(channels.data ?? []).map((item) => ({ value: item.label, label: item.name || item.label, userText: true }))]}
      />
      <p className="-mt-2 text-xs text-slate-500">{t('channelHint')}</p>
    </FormFrameDialog>
  );
}
