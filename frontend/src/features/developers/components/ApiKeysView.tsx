'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@/components/data-table/types';
import { RecordsSection } from '@/components/data-table/RecordsSection';
import { formatDateTime } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { SelectField } from '@/components/ui/fields';
import { notify } from '@/components/ui/Notice';
import { Truncate } from '@/components/ui/Truncate';
import { UserText } from '@/components/ui/UserText';
import { asApiError } from '@/lib/apiError';
import { apiKeyRefusal, DEFAULT_OLD_KEY_HOURS, keyDisplay, OLD_KEY_HOURS, replacedBy, type OldKeyHours } from '../lib/developers';
import { useApiKeys, useRevokeApiKey, useRollApiKey } from '../queries';
import type { ApiKey } from '../types';
import { ApiKeyStatusBadge, Code, ScopeName } from './labels';
import { SecretDialog, type Revealed } from './SecretDialog';

// The create form (its scopes and sub-shops) loads when first opened.
const ApiKeyCreateDialog = lazyDialog(() => import('./dialogs').then((module) => module.ApiKeyCreateDialog), (props) => props.open);

/**
 * The shop's API keys (its own systems read orders, bills, goods and devices with them): each
 * shown by its prefix, its scopes, its sub-shop, when it was last used; made, rolled (the old
 * key kept for a while) and revoked here. A key whole is shown once, when it is made or rolled.
 */
export function ApiKeysView() {
  const t = useTranslations('developers.apiKeys');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const roll = useRollApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const [oldHours, setOldHours] = useState<OldKeyHours>(DEFAULT_OLD_KEY_HOURS);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const columns = useMemo<ColumnDef<ApiKey, unknown>[]>(
    () => [
      {
        id: 'key',
        header: t('columns.key'),
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <div className="flex max-w-60 min-w-36 flex-col gap-0.5">
            <Truncate text={row.original.name} className="font-medium text-slate-900" />
            <Code muted>{keyDisplay(row.original.prefix)}</Code>
          </div>
        ),
      },
      {
        id: 'scopes',
        header: t('columns.scopes'),
        meta: { priority: 2 },
        cell: ({ row }) => (
          <ul className="flex max-w-60 flex-col gap-0.5 text-xs">
            {row.original.scopes.map((scope) => (
              <li key={scope}>
                <ScopeName scope={scope} />
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'sub_shop',
        header: t('columns.subShop'),
        meta: { priority: 3 },
        cell: ({ row }) => (row.original.sub_shop_id ? <Truncate text={row.original.sub_shop_name} className="max-w-40" /> : <span className="whitespace-nowrap">{t('wholeShop')}</span>),
      },
      {
        id: 'status',
        header: t('columns.status'),
        meta: { priority: 1 },
        cell: ({ row }) => {
          const key = row.original;
          const successor = replacedBy(key, keys.data ?? []);
          return (
            <div className="flex min-w-24 flex-col items-start gap-1">
              <ApiKeyStatusBadge status={key.status} />
              {successor && (
                <span className="text-xs text-slate-500" data-replaced-by={successor.prefix}>
                  {t('replacedBy', { prefix: keyDisplay(successor.prefix) })}
                  {key.status !== 'revoked' && key.expires_at && (
                    <span className="block tabular-nums">{t(key.status === 'active' ? 'stopsAt' : 'stoppedAt', { time: formatDateTime(key.expires_at) })}</span>
                  )}
                </span>
              )}
            </div>
          );
        },
      },
      {
        id: 'expires_at',
        header: t('columns.expiresAt'),
        meta: { priority: 2 },
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.status === 'revoked' ? t('revokedAt', { time: formatDateTime(row.original.revoked_at) }) : row.original.expires_at ? formatDateTime(row.original.expires_at) : t('never')}</span>,
      },
      {
        id: 'last_used',
        header: t('columns.lastUsed'),
        meta: { priority: 3 },
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {row.original.last_used_at ? formatDateTime(row.original.last_used_at) : t('neverUsed')}
            <span className="block text-xs text-slate-500">{t('useCount', { count: row.original.use_count })}</span>
          </span>
        ),
      },
      {
        id: 'created',
        header: t('columns.created'),
        meta: { priority: 3 },
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatDateTime(row.original.created_at)}
            {row.original.created_by && (
              <UserText as="span" className="block text-xs text-slate-500">
                {row.original.created_by}
              </UserText>
            )}
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) => {
          const key = row.original;
          const refusal = apiKeyRefusal(key);
          const why = refusal ? t(`why.${refusal}`) : undefined;
          const whyId = `api-key-${key.id}-why`;
          return (
            <div className="flex max-w-44 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 whitespace-nowrap">
                <Button
                  variant="link"
                  disabled={Boolean(refusal)}
                  title={why}
                  aria-describedby={refusal ? whyId : undefined}
                  className="disabled:text-slate-400 disabled:no-underline"
                  aria-label={t('rollNamed', { name: key.name, prefix: keyDisplay(key.prefix) })}
                  onClick={() => {
                    setOldHours(DEFAULT_OLD_KEY_HOURS);
                    setRolling(key);
                  }}
                >
                  {t('roll')}
                </Button>
                <Button
                  variant="link"
                  disabled={Boolean(refusal)}
                  title={why}
                  aria-describedby={refusal ? whyId : undefined}
                  className="text-red-600 hover:text-red-700 disabled:text-slate-400 disabled:no-underline"
                  aria-label={t('revokeNamed', { name: key.name, prefix: keyDisplay(key.prefix) })}
                  onClick={() => setRevoking(key)}
                >
                  {t('revoke')}
                </Button>
              </div>
              {why && (
                <span id={whyId} className="text-xs whitespace-normal text-slate-500">
                  {why}
                </span>
              )}
            </div>
          );
        },
      },
    ],
    [t, keys.data],
  );

  const closeConfirm = () => {
    setRevoking(null);
    setRolling(null);
    setFailure(null);
  };

  return (
    <RecordsSection
      texts="developers.apiKeys"
      columns={columns}
      query={keys}
      onCreate={() => setCreating(true)}
      rowTone={(row) => (row.status === 'active' ? undefined : 'text-slate-500')}
    >
      <ApiKeyCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setRevealed({ title: t('createdTitle'), label: t('keyLabel'), secret: created.key, note: <UsageNote prefix={created.prefix} /> });
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('revokeTitle')}
        message={revoking ? t('revokeMessage', { name: revoking.name, prefix: keyDisplay(revoking.prefix) }) : ''}
        confirmLabel={t('revoke')}
        danger
        loading={revoke.isPending}
        error={failure}
        onClose={closeConfirm}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              closeConfirm();
              notify({ kind: 'success', message: { key: 'developers.apiKeys.revoked' } });
            },
            onError: (error) => setFailure(asApiError(error)?.message || t('actionFailed')),
          })
        }
      />
      <ConfirmDialog
        open={rolling !== null}
        title={t('rollTitle')}
        message={rolling ? t('rollMessage', { name: rolling.name, prefix: keyDisplay(rolling.prefix) }) : ''}
        confirmLabel={t('roll')}
        loading={roll.isPending}
        error={failure}
        onClose={closeConfirm}
        onConfirm={() =>
          rolling &&
          roll.mutate(
            { id: rolling.id, old_expires_in_hours: oldHours },
            {
              onSuccess: (created) => {
                const hours = oldHours;
                closeConfirm();
                setRevealed({
                  title: t('rolledTitle'),
                  label: t('keyLabel'),
                  secret: created.key,
                  note: hours === 0 ? t('oldKeyGone') : t('oldKeyUntil', { time: formatDateTime(new Date(Date.now() + hours * 3600_000)) }),
                });
              },
              onError: (error) => setFailure(asApiError(error)?.message || t('actionFailed')),
            },
          )
        }
      >
        <SelectField
          label={t('oldKey')}
          value={String(oldHours)}
          onChange={(event) => setOldHours(Number(event.target.value) as OldKeyHours)}
          options={OLD_KEY_HOURS.map((hours) => ({ value: String(hours), label: t(`oldKeyHours.h${hours}`) }))}
        />
      </ConfirmDialog>
      <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </RecordsSection>
  );
}

/** How a key is sent: a bearer token on the shop's own host. */
function UsageNote({ prefix }: { prefix: string }) {
  const t = useTranslations('developers.apiKeys');
  return (
    <p>
      {t('usage')} <Code>{`Authorization: Bearer ${keyDisplay(prefix)}`}</Code>
    </p>
  );
}
