'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { DetailSection } from '@/components/DetailSection';
import { RETRY_SCHEDULE } from '../lib/developers';

/** Codes, header names and product names inside a guide's sentence: the same in every language. */
const RICH = {
  code: (chunks: ReactNode) => (
    <code translate="no" className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800 [overflow-wrap:anywhere]">
      {chunks}
    </code>
  ),
  name: (chunks: ReactNode) => <span translate="no">{chunks}</span>,
  strong: (chunks: ReactNode) => <strong className="font-semibold text-slate-900">{chunks}</strong>,
};

const PYTHON = `# pip install standardwebhooks flask
import os

from flask import Flask, request
from standardwebhooks import Webhook, WebhookVerificationError

app = Flask(__name__)
# "whsec_…": shown once, when the endpoint was added or its secret rolled.
webhook = Webhook(os.environ["ZULIN_WEBHOOK_SECRET"])


@app.post("/webhooks/zulin")
def receive():
    body = request.get_data()  # the raw bytes as they arrived: never re-serialised JSON
    try:
        event = webhook.verify(body, dict(request.headers))
    except WebhookVerificationError:
        return "", 400
    if seen_before(event["id"]):  # at least once: drop a duplicate by its event id
        return "", 204
    if is_stale(event["object"]):  # unordered: drop an older version of the object
        return "", 204
    enqueue(event)  # answer 2xx within 15 s, do the work after
    return "", 204
`;

const NODE = `import { createHmac, timingSafeEqual } from 'node:crypto';
import express from 'express';

const key = Buffer.from(process.env.ZULIN_WEBHOOK_SECRET.replace(/^whsec_/, ''), 'base64');
const app = express();

// express.raw keeps the body as the bytes that were signed: never JSON.parse before verifying.
app.post('/webhooks/zulin', express.raw({ type: 'application/json' }), (req, res) => {
  const id = req.get('webhook-id');
  const timestamp = req.get('webhook-timestamp');
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return res.sendStatus(400);
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\`).update(req.body).digest();
  // During a secret's roll two signatures come, separated by a space: one must match.
  const valid = (req.get('webhook-signature') ?? '').split(' ').some((part) => {
    const [version, signature = ''] = part.split(',');
    const given = Buffer.from(signature, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) return res.sendStatus(400);
  const event = JSON.parse(req.body.toString('utf8'));
  // Drop an event id seen before, and an object.version older than the one you hold.
  res.sendStatus(204);
});
`;

/** The signature header's form (a code: the same in every language). */
const SIGNATURE_FORMAT = 'v1,<base64 HMAC-SHA256 of "id.timestamp.body">';

const HEADERS = `POST /webhooks/zulin HTTP/1.1
content-type: application/json
webhook-id: evt_0193…
webhook-timestamp: 1795788603
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`;

function Sample({ label, children }: { label: ReactNode; children: string }) {
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <figcaption className="text-xs font-medium text-slate-500">{label}</figcaption>
      <pre translate="no" className="max-w-full overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100">
        <code>{children}</code>
      </pre>
    </figure>
  );
}

/**
 * How the shop's systems receive webhooks and call with an API key: the Standard Webhooks
 * signature and how to verify it (on the raw body), examples in Python and Node, at-least-once
 * and unordered delivery, the retry schedule and when an endpoint is turned off, and API keys.
 */
export function GuideView() {
  const t = useTranslations('developers.guide');
  const paragraph = (key: Parameters<typeof t.rich>[0]) => <p className="text-sm leading-relaxed text-slate-700">{t.rich(key, RICH)}</p>;
  return (
    <div className="flex flex-col gap-4" data-guide>
      <DetailSection id="guide-signing" title={t('signing.title')}>
        <div className="flex flex-col gap-3">
          {paragraph('signing.scheme')}
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700">
            <li>{t.rich('signing.id', RICH)}</li>
            <li>{t.rich('signing.timestamp', RICH)}</li>
            <li>{t.rich('signing.signature', { ...RICH, format: SIGNATURE_FORMAT })}</li>
          </ul>
          <Sample label={t('signing.headersLabel')}>{HEADERS}</Sample>
          {paragraph('signing.rawBody')}
          {paragraph('signing.roll')}
          {paragraph('signing.window')}
        </div>
      </DetailSection>
      <DetailSection id="guide-examples" title={t('examples.title')}>
        <div className="flex flex-col gap-4">
          <Sample label={t.rich('examples.python', RICH)}>{PYTHON}</Sample>
          <Sample label={t.rich('examples.node', RICH)}>{NODE}</Sample>
        </div>
      </DetailSection>
      <DetailSection id="guide-receiving" title={t('receiving.title')}>
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm leading-relaxed text-slate-700">
          <li>{t.rich('receiving.atLeastOnce', RICH)}</li>
          <li>{t.rich('receiving.unordered', RICH)}</li>
          <li>{t.rich('receiving.fast', RICH)}</li>
        </ul>
      </DetailSection>
      <DetailSection id="guide-retries" title={t('retries.title')}>
        <div className="flex flex-col gap-3">
          {paragraph('retries.schedule')}
          <ol className="flex flex-wrap gap-2 text-sm" aria-label={t('retries.scheduleLabel')} data-retry-schedule>
            {RETRY_SCHEDULE.map((step, index) => (
              <li key={index} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700 tabular-nums">
                {t('retries.attempt', { number: index + 1 })} · {t(`retries.steps.${step}`)}
              </li>
            ))}
          </ol>
          <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm leading-relaxed text-slate-700">
            <li>{t.rich('retries.jitter', RICH)}</li>
            <li>{t.rich('retries.retryAfter', RICH)}</li>
            <li>{t.rich('retries.gone', RICH)}</li>
            <li>{t.rich('retries.fiveDays', RICH)}</li>
            <li>{t.rich('retries.redeliver', RICH)}</li>
          </ul>
        </div>
      </DetailSection>
      <DetailSection id="guide-api-keys" title={t('apiKeys.title')}>
        <div className="flex flex-col gap-3">
          {paragraph('apiKeys.bearer')}
          <Sample label={t('apiKeys.exampleLabel')}>{`curl 'https://<your-shop-host>/api/platform/goodsList?page=1&page_size=50' \\\n  -H 'Authorization: Bearer zl_live_…'`}</Sample>
          {paragraph('apiKeys.scopes')}
          {paragraph('apiKeys.errors')}
          {paragraph('apiKeys.rateLimit')}
          {paragraph('apiKeys.limit')}
        </div>
      </DetailSection>
    </div>
  );
}
