'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailSection } from '@/components/DetailSection';
import { StatusBadge } from '@/components/StatusBadge';
import { formatCurrency, formatDateTime } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from '@/components/ui/DialogButtons';
import { FormError } from '@/components/ui/FormError';
import { Spinner } from '@/components/ui/Spinner';
import { SelectField } from '@/components/ui/fields';
import { orderKeys } from '@/features/orders/queries';
import { asApiError } from '@/lib/apiError';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notice';
import { PROVIDER_FAILED, RISK_BALANCE_SHORT } from '../lib/risk';
import { useGetRisk, useIdentityStatus, useRiskBalance, useRiskTypes, type IdentityStatus, type RiskQueryRow } from '../queries';
import { GradeBadge } from './RechargeStatusBadge';

type Check = Pick<RiskQueryRow, 'id' | 'query_type_name' | 'query_type_name_en' | 'grade' | 'score' | 'decision' | 'decision_name' | 'decision_name_en' | 'hit_rules' | 'price' | 'source' | 'created_at' | 'actor'>;

/**
 * An order's risk results: the customer's real-name check (the shop's side: `identity`), then one
 * card per query of its customer (the intake's, then any an auditor ran), each with its grade,
 * score, decision and the rules it hit. An auditor of the shop runs another query here, charged
 * to the risk balance; an order the intake could not check says so.
 */
export function OrderRiskSection({ orderId, orderNo, decision, checks, canQuery, identity = false }: { orderId: number; orderNo: string; decision: string; checks: readonly Check[]; canQuery: boolean; identity?: boolean }) {
  const t = useTranslations('risk.order');
  const english = !useLocale().startsWith('zh');
  const [open, setOpen] = useState(false);
  const unchecked = decision === 'balance_short' ? t('unchecked') : decision === 'unavailable' ? t('unavailable') : null;
  return (
    <DetailSection
      id="order-risk"
      title={t('title')}
      actions={
        canQuery && (
          <Button variant="secondary" className="px-2.5 py-1" onClick={() => setOpen(true)}>
            {t('query')}
          </Button>
        )
      }
    >
      {identity && <IdentityCheck orderId={orderId} />}
      {unchecked && (
        <p data-risk-unchecked className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {unchecked}
        </p>
      )}
      {checks.length === 0 ? (
        <p className="text-sm text-slate-500">{t('none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {checks.map((check) => (
            <li key={check.id} data-risk-check className="rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-medium text-slate-900">{english ? check.query_type_name_en : check.query_type_name}</span>
                <GradeBadge grade={check.grade} score={check.score} />
                <span className="text-slate-700">{english ? check.decision_name_en : check.decision_name}</span>
                <span className="text-xs text-slate-500">{t('charged', { price: formatCurrency(check.price) })}</span>
                <span className="text-xs text-slate-500">{formatDateTime(check.created_at)}</span>
              </div>
              <p className="mt-1 text-xs text-slate-500">{check.hit_rules.length ? t('hits', { count: check.hit_rules.length }) : t('noHits')}</p>
              {check.hit_rules.length > 0 && (
                <ul className="mt-1 flex flex-col gap-0.5 text-sm text-slate-700">
                  {check.hit_rules.map((hit) => (
                    <li key={hit.code}>
                      <span className="mr-2 font-mono text-xs text-slate-500">{hit.code}</span>
                      {english ? hit.name_en : hit.name_zh}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <RiskQueryDialog orderId={orderId} orderNo={orderNo} onClose={() => setOpen(false)} />
      )}
    </DetailSection>
  );
}

const IDENTITY_CHECKS = ['id_number_valid', 'name_matches', 'phone_matches'] as const;

/** The real-name check: agrees or not, each of its three checks, and when it was asked. */
export function IdentityCheck({ orderId }: { orderId: number }) {
  const t = useTranslations('risk.order.identity');
  const common = useTranslations('common');
  const status = useIdentityStatus(orderId);
  let body;
  if (status.isPending) {
    body = (
      <span className="flex items-center gap-2 text-slate-500">
        <Spinner />
        {t('loading')}
      </span>
    );
  } else if (status.isError) {
    body = (
      <span className="flex flex-wrap items-center gap-2">
        <span className="text-red-700">{t('loadError')}</span>
        <Button variant="secondary" className="px-2.5 py-1" onClick={() => void status.refetch()}>
          {common('retry')}
        </Button>
      </span>
    );
  } else {
    body = <IdentityResult result={status.data} />;
  }
  return (
    <div data-identity-check className="mb-3 flex flex-col gap-1 rounded-md border border-slate-200 p-3 text-sm">
      <span className="font-medium text-slate-900">{t('title')}</span>
      {body}
    </div>
  );
}

function IdentityResult({ result }: { result: IdentityStatus }) {
  const t = useTranslations('risk.order.identity');
  return (
    <>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StatusBadge tone={result.verified ? 'green' : 'red'}>{result.verified ? t('verified') : t('notVerified')}</StatusBadge>
        {result.verified_at && <span className="text-xs text-slate-500">{t('checkedAt', { time: formatDateTime(result.verified_at) })}</span>}
      </span>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
        {IDENTITY_CHECKS.map((check) => (
          <li key={check} data-identity-item={check} data-ok={result[check]}>
            <span aria-hidden="true" className={result[check] ? 'text-green-600' : 'text-red-600'}>
              {result[check] ? '✓' : '✗'}{' '}
            </span>
            {t(`checks.${check}`)}
            <span className="sr-only">{result[check] ? t('ok') : t('failed')}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function RiskQueryDialog({ orderId, orderNo, onClose }: { orderId: number; orderNo: string; onClose: () => void }) {
  const t = useTranslations('risk');
  const english = !useLocale().startsWith('zh');
  const types = useRiskTypes();
  const balance = useRiskBalance();
  const getRisk = useGetRisk();
  const queryClient = useQueryClient();
  const [key] = useState(() => newIdempotencyKey('risk-order'));
  const [queryType, setQueryType] = useState('standard');
  const [failure, setFailure] = useState<string | null>(null);
  const riskTypes = (types.data ?? []).filter((type) => type.kind === 'risk');
  const chosen = riskTypes.find((type) => type.value === queryType);
  const submit = () => {
    setFailure(null);
    getRisk.mutate(
      { query_type: queryType, order_id: orderId, name: '', id_number: '', phone: '', idempotency_key: `${key}-${queryType}`.slice(0, 64) },
      {
        onSuccess: (query) => {
          notify({ kind: 'success', message: { raw: t('order.done', { grade: query.grade, price: formatCurrency(query.price) }) } });
          void queryClient.invalidateQueries({ queryKey: orderKeys.details() });
          onClose();
        },
        onError: (error) => {
          const apiError = asApiError(error);
          if (apiError?.code === RISK_BALANCE_SHORT) {
            const data = (apiError.failure.data ?? {}) as { balance?: string; price?: string };
            setFailure(t('order.short', { price: formatCurrency(data.price ?? chosen?.price ?? ''), balance: formatCurrency(data.balance ?? '') }));
          } else if (apiError?.code === PROVIDER_FAILED) setFailure(t('order.providerFailed'));
          else setFailure(apiError?.isTransport ? t('transport') : apiError?.message || t('failed'));
        },
      },
    );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('order.queryTitle', { no: orderNo })}
      footer={<DialogButtons cancelLabel={t('offline.cancel')} onCancel={onClose} confirmLabel={t('order.queryConfirm')} busy={getRisk.isPending} disabled={!chosen} onConfirm={submit} />}
    >
      <div className="flex flex-col gap-4">
        <SelectField
          label={t('order.queryType')}
          value={queryType}
          options={riskTypes.map((type) => ({ value: type.value, label: `${english ? type.label_en : type.label} · ${formatCurrency(type.price)}` }))}
          onChange={(event) => setQueryType(event.target.value)}
        />
        {chosen && <p className="text-sm text-slate-600">{t('order.queryDescription', { price: formatCurrency(chosen.price), balance: formatCurrency(balance.data?.balance ?? '') })}</p>}
        {failure && <FormError title={t('failed')} message={failure} />}
      </div>
    </Dialog>
  );
}
