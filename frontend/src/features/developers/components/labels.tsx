'use client';

import { useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/StatusBadge';
import { UserText } from '@/components/ui/UserText';
import {
  apiKeyTone,
  deliveryTone,
  disabledReasonKey,
  endpointState,
  endpointTone,
  eventTypeKey,
  isDeliveryStatus,
  isKnownEventType,
  isKnownScope,
  scopeKey,
} from '../lib/developers';
import type { ApiKey, WebhookEndpoint } from '../types';

/** An event type in the session's language, its code beside it (what a receiver switches on). */
export function EventTypeName({ type, withCode = true }: { type: string; withCode?: boolean }) {
  const t = useTranslations('developers.eventTypes');
  if (!isKnownEventType(type)) return <Code>{type}</Code>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5">
      <span>{t(eventTypeKey(type))}</span>
      {withCode && <Code muted>{type}</Code>}
    </span>
  );
}

/** A code, a header name or an identifier: written the same in every language. */
export function Code({ children, muted = false }: { children: string; muted?: boolean }) {
  return (
    <code translate="no" className={`font-mono text-xs [overflow-wrap:anywhere] ${muted ? 'text-slate-500' : 'text-slate-800'}`}>
      {children}
    </code>
  );
}

/** Why the system turned an endpoint off: its known reasons in the catalogue, another as written. */
export function DisabledReason({ reason }: { reason: string }) {
  const t = useTranslations('developers.disabledReasons');
  const key = disabledReasonKey(reason);
  return key ? <>{t(key)}</> : <UserText>{reason}</UserText>;
}

export function EndpointStatusBadge({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_reason'> }) {
  const t = useTranslations('developers.endpoints.state');
  const state = endpointState(endpoint);
  return <StatusBadge tone={endpointTone(state)}>{t(state)}</StatusBadge>;
}

export function DeliveryStatusBadge({ status }: { status: string }) {
  const t = useTranslations('developers.deliveries.status');
  return <StatusBadge tone={deliveryTone(status)}>{isDeliveryStatus(status) ? t(status) : status}</StatusBadge>;
}

export function ApiKeyStatusBadge({ status }: { status: ApiKey['status'] }) {
  const t = useTranslations('developers.apiKeys.status');
  return <StatusBadge tone={apiKeyTone(status)}>{t(status)}</StatusBadge>;
}

/** A scope's name in the session's language, its code beside it. */
export function ScopeName({ scope }: { scope: string }) {
  const t = useTranslations('developers.scopes');
  if (!isKnownScope(scope)) return <Code>{scope}</Code>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5">
      <span>{t(scopeKey(scope))}</span>
      <Code muted>{scope}</Code>
    </span>
  );
}
