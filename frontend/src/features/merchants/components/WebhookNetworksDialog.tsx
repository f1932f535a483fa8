'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { HookFormDialog } from '@/components/ui/HookFormDialog';
import { TextAreaField } from '@/components/ui/fields';
import { asApiError, fieldErrorsOf } from '../lib/apiError';
import { networkLines, networkProblems, NETWORKS_MAX, numberedNetworkLines } from '../lib/webhookNetworks';
import { useSetWebhookNetworks } from '../queries';

function useSchema() {
  const t = useTranslations('merchant.webhookNetworks');
  return z
    .object({ networks: z.string(), reason: z.string().trim().min(1, t('reasonRequired')).max(500) })
    .superRefine((values, context) => {
      const lines = networkLines(values.networks);
      if (lines.length > NETWORKS_MAX) context.addIssue({ code: 'custom', path: ['networks'], message: t('tooMany') });
      // Every bad line, each with its reason: the list is fixed in one go.
      const problems = networkProblems(values.networks).map(({ line, text, problem }) =>
        problem.kind === 'hostBits' ? t('hostBits', { line, network: text, meant: problem.meant }) : problem.kind === 'form' ? t('notNetwork', { line, network: text }) : t('notPrivate', { line, network: text }),
      );
      if (problems.length) context.addIssue({ code: 'custom', path: ['networks'], message: problems.join('\n') });
    });
}
type Values = z.infer<ReturnType<typeof useSchema>>;

/** The private ranges a merchant's webhook deliveries may reach, one CIDR a line, with a reason. */
export function WebhookNetworksDialog({ merchantId, networks, open, onClose }: { merchantId: number; networks: string[]; open: boolean; onClose: () => void }) {
  return open ? <NetworksBody merchantId={merchantId} networks={networks} onClose={onClose} /> : null;
}

function NetworksBody({ merchantId, networks, onClose }: { merchantId: number; networks: string[]; onClose: () => void }) {
  const t = useTranslations('merchant');
  const save = useSetWebhookNetworks();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(useSchema()), defaultValues: { networks: networks.join('\n'), reason: '' } });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ id: merchantId, networks: networkLines(values.networks), reason: values.reason });
      onClose();
    } catch (error) {
      const apiError = asApiError(error);
      const fields = apiError ? fieldErrorsOf(apiError) : {};
      // The server names each network by its place in the list sent (networks.2): shown on
      // the list by its line in the text, every one of them.
      const numbered = numberedNetworkLines(values.networks);
      const networksError =
        Object.entries(fields)
          .filter(([name]) => name.startsWith('networks'))
          .map(([name, message]) => {
            const place = /^networks\.(\d+)$/.exec(name);
            const line = place ? numbered[Number(place[1])]?.line : undefined;
            return line ? t('webhookNetworks.serverLine', { line, message }) : message;
          })
          .join('\n') || undefined;
      if (networksError) setError('networks', { message: networksError });
      if (fields.reason) setError('reason', { message: fields.reason });
      if (!networksError && !fields.reason) setFormError(apiError?.message || t('shared.failed'));
    }
  });
  return (
    <HookFormDialog id="webhook-networks" title={t('webhookNetworks.dialogTitle')} cancelLabel={t('shared.cancel')} submitLabel={t('shared.save')} failedLabel={t('shared.failed')} busy={save.isPending} formError={formError} onClose={onClose} onSubmit={onSubmit}>
      <TextAreaField label={t('webhookNetworks.networks')} hint={t('webhookNetworks.networksHint')} rows={5} spellCheck={false} className="font-mono" error={errors.networks?.message} {...register('networks')} />
      <TextAreaField label={t('webhookNetworks.reason')} error={errors.reason?.message} {...register('reason')} />
    </HookFormDialog>
  );
}
