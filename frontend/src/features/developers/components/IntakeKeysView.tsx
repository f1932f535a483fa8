'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@/components/data-table/types';
import { RecordsSection } from '@/components/data-table/RecordsSection';
import { formatDateTime } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { notify } from '@/components/ui/Notice';
import { Truncate } from '@/components/ui/Truncate';
import { UserText } from '@/components/ui/UserText';
import { asApiError } from '@/lib/apiError';
import { useChannels, useIntakeKeys, useSetIntakeKeyStatus } from '../queries';
import type { IntakeKey } from '../types';
import { Code } from './labels';
import { SecretDialog, type Revealed } from './SecretDialog';

const IntakeKeyCreateDialog = lazyDialog(() => import('./dialogs').then((module) => module.IntakeKeyCreateDialog), (props) => props.open);

/**
 * The customer applet's application keys (`intake.manage`): they sign every order the applet
 * places. Each is listed by its app id, never its secret; a new one's secret is shown once; a
 * leaked one is turned off (its calls refused from the next one) and may be turned on again.
 */
export function IntakeKeysView() {
  const t = useTranslations('developers.intake');
  const keys = useIntakeKeys();
  const channels = useChannels();
  const status = useSetIntakeKeyStatus();
  const [creating, setCreating] = useState(false);
  const [disabling, setDisabling] = useState<IntakeKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const channelNames = useMemo(() => new Map((channels.data ?? []).map((item) => [item.label, item.name])), [channels.data]);

  const columns = useMemo<ColumnDef<IntakeKey, unknown>[]>(() => {
    const enable = (key: IntakeKey) =>
      status.mutate(
        { app_id: key.app_id, active: true },
        {
          onSuccess: () => notify({ kind: 'success', message: { key: 'developers.intake.enabled' } }),
          onError: (error) => notify({ kind: 'error', message: asApiError(error)?.message ? { raw: asApiError(error)!.message } : { key: 'developers.intake.actionFailed' } }),
        },
      );
    return [
      {
        id: 'key',
        header: t('columns.key'),
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <div className="flex max-w-60 min-w-36 flex-col gap-0.5">
            <Truncate text={row.original.name} className="font-medium text-slate-900" />
            <Code muted>{row.original.app_id}</Code>
          </div>
        ),
      },
      {
        id: 'channel',
        header: t('columns.channel'),
        cell: ({ row }) => (row.original.channel ? <UserText>{channelNames.get(row.original.channel) || row.original.channel}</UserText> : <span>{t('noChannel')}</span>),
      },
      {
        id: 'status',
        header: t('columns.status'),
        meta: { priority: 1 },
        cell: ({ row }) => <StatusBadge tone={row.original.is_active ? 'green' : 'slate'}>{row.original.is_active ? t('active') : t('inactive')}</StatusBadge>,
      },
      { id: 'created_at', header: t('columns.createdAt'), meta: { priority: 3 }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span> },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) => {
          const key = row.original;
          return (
            <Button
              variant="link"
              className={key.is_active ? 'whitespace-nowrap text-red-600 hover:text-red-700' : 'whitespace-nowrap'}
              loading={status.isPending && status.variables?.app_id === key.app_id}
              aria-label={t(key.is_active ? 'disableNamed' : 'enableNamed', { name: key.name })}
              onClick={() => (key.is_active ? setDisabling(key) : enable(key))}
            >
              {key.is_active ? t('disable') : t('enable')}
            </Button>
          );
        },
      },
    ];
  }, [t, status, channelNames]);

  return (
    <RecordsSection
      texts="developers.intake"
      columns={columns}
      query={keys}
      onCreate={() => setCreating(true)}
      getRowId={(row) => row.app_id}
    >
      <IntakeKeyCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setRevealed({
            title: t('createdTitle'),
            label: t('secretLabel'),
            secret: created.secret,
            note: (
              <p>
                {t('appIdIs')} <Code>{created.app_id}</Code>
              </p>
            ),
          });
        }}
      />
      <ConfirmDialog
        open={disabling !== null}
        title={t('disableTitle')}
        message={disabling ? t('disableMessage', { name: disabling.name }) : ''}
        confirmLabel={t('disable')}
        danger
        loading={status.isPending}
        error={failure}
        onClose={() => {
          setDisabling(null);
          setFailure(null);
        }}
        onConfirm={() =>
          disabling &&
          status.mutate(
            { app_id: disabling.app_id, active: false },
            {
              onSuccess: () => {
                setDisabling(null);
                setFailure(null);
                notify({ kind: 'success', message: { key: 'developers.intake.disabled' } });
              },
              onError: (error) => setFailure(asApiError(error)?.message || t('actionFailed')),
            },
          )
        }
      />
      <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </RecordsSection>
  );
}
