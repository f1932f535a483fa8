'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Banner } from '@/components/ui/Banner';
import { DEVELOPERS_PATH, systemDisabled } from '../lib/developers';
import { useWebhookEndpoints } from '../queries';

const DISMISSED_KEY = 'zulin_webhook_banner_dismissed';

/** The endpoints the banner was closed for, this browser session (sessionStorage). */
function dismissedFor(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The store layout's word to an account that manages webhooks (`webhook.manage`): some of its
 * endpoints were turned off by the system, with the way to the developers' screen. Closed, it
 * stays away for the browser session, until another endpoint is turned off. The endpoints are
 * read every few minutes; a failed read shows nothing.
 */
export default function DisabledEndpointsBanner() {
  const t = useTranslations('developers.layoutBanner');
  const endpoints = useWebhookEndpoints({ refetchInterval: 5 * 60_000 });
  const disabled = systemDisabled(endpoints.data);
  const signature = disabled.map((endpoint) => endpoint.id).join(',');
  const [dismissed, setDismissed] = useState<string | null>(() => (typeof window === 'undefined' ? null : dismissedFor()));
  if (disabled.length === 0 || dismissed === signature) return null;
  return (
    <div className="mb-4">
      <Banner
        label={t('label')}
        tone="warning"
        dismissLabel={t('dismiss')}
        onDismiss={() => {
          try {
            window.sessionStorage.setItem(DISMISSED_KEY, signature);
          } catch {
            // Storage refused (a private window): closed for this page's life only.
          }
          setDismissed(signature);
        }}
        data-webhook-banner=""
      >
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{t('message', { count: disabled.length })}</span>
          <Link href={DEVELOPERS_PATH} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {t('link')}
          </Link>
        </p>
      </Banner>
    </div>
  );
}
