'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { lazy, Suspense, useState } from 'react';
import { isRecordUnavailable, RecordUnavailable } from '@/components/RecordUnavailable';
import { Spinner } from '@/components/ui/Spinner';
import { notify } from '@/lib/notice';
import { emptyGoodsForm, formFromDetail } from '../../lib/goodsForm';
import { useFineness, useGainSet, useGoodsClass, useGoodsDetail, usePrefetchAvailability, useTerms } from '../../queries';
import type { GoodsDetail, GoodsSaved } from '../../types';
import { formatDateTime } from '@/components/format';
import { TableError } from '@/components/data-table/TableStates';
import { PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { goodsStatusTone } from '../../lib/status';
import { StorefrontBadge } from '../StorefrontBadge';

// The form (react-hook-form and every section) is a chunk of its own: the spinner shown while the
// catalogues load needs none of it. It is asked for as soon as this module runs, beside the
// screen's data calls rather than after their answers (one round trip less before the form
// shows); the lazy component then finds it loaded or in flight.
const loadForm = () => import('./GoodsForm');
if (typeof window !== 'undefined') void loadForm();
const GoodsForm = lazy(() => loadForm().then((module) => ({ default: module.GoodsForm })));

function ForceDownBanner({ detail }: { detail: GoodsDetail }) {
  const t = useTranslations('goods.forceDown');
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-semibold">{t('bannerTitle')}</p>
      <p className="mt-1">
        <span className="font-medium">{t('reasonLabel')}</span>
        {detail.force_down_reason}
      </p>
      {detail.force_down_at && <p className="mt-0.5 text-xs text-red-700">{t('at', { at: formatDateTime(detail.force_down_at) })}</p>}
      <p className="mt-1 text-xs">{t('bannerHint')}</p>
    </div>
  );
}

function ReviewNoteBanner({ note }: { note: string }) {
  const t = useTranslations('goods.review');
  return (
    <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">{t('bannerTitle')}</p>
      <p className="mt-1">
        <span className="font-medium">{t('noteLabel')}</span>
        {note}
      </p>
      <p className="mt-1 text-xs">{t('bannerHint')}</p>
    </div>
  );
}

/** /product (store side): creates goods, or edits the goods of `?id=`. */
export function GoodsEditor() {
  const t = useTranslations('goods');
  const router = useRouter();
  const searchParams = useSearchParams();
  const rawId = searchParams.get('id');
  const id = rawId && /^\d+$/.test(rawId) ? Number(rawId) : null;
  const detail = useGoodsDetail(id);
  const goodsClass = useGoodsClass();
  const fineness = useFineness();
  const terms = useTerms();
  const gains = useGainSet();
  usePrefetchAvailability();
  const [formVersion, setFormVersion] = useState(0);

  const queries = [goodsClass, fineness, terms, gains, ...(id !== null ? [detail] : [])];
  const failed = queries.find((query) => query.isError);

  const onSaved = (saved: GoodsSaved, activate: boolean) => {
    if (activate) {
      notify({ kind: 'success', message: { raw: t(saved.status === 'in_review' ? 'editor.submittedForReview' : 'editor.onShelf') } });
      router.push(`/productManage${saved.status === 'in_review' ? '?status=in_review' : '?status=on_shelf'}`);
      return;
    }
    notify({ kind: 'success', message: { raw: t('editor.draftSaved') } });
    if (saved.id !== id) {
      router.replace(`/product?id=${saved.id}`);
    } else {
      void detail.refetch().then(() => setFormVersion((version) => version + 1));
    }
  };

  const title = id === null ? t('editor.createTitle') : t('editor.editTitle');
  const header = (
    <div className="flex flex-col gap-2">
      <Link href="/productManage" className="text-sm text-brand-600 hover:underline">
        {t('editor.back')}
      </Link>
      <PageHeader
        title={title}
        description={detail.data ? t('editor.meta', { id: detail.data.id, updated: formatDateTime(detail.data.updated_at) }) : t('editor.createHint')}
        actions={
          detail.data && (
            <>
              <StatusBadge tone={goodsStatusTone(detail.data.status, detail.data.force_down)}>
                {detail.data.force_down ? t('status.force_down') : t(`status.${detail.data.status}` as 'status.draft')}
              </StatusBadge>
              <StorefrontBadge goods={detail.data} />
            </>
          )
        }
      />
    </div>
  );

  if (detail.isError && isRecordUnavailable(detail.error)) {
    return <RecordUnavailable back={{ href: '/productManage', label: t('editor.backToList') }} />;
  }
  if (failed) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        <TableError title={t('editor.loadError')} onRetry={() => queries.forEach((query) => query.isError && query.refetch())} />
      </div>
    );
  }
  const ready = goodsClass.data && fineness.data && terms.data && gains.data && (id === null || detail.data);
  const spinner = (
    <div className="flex justify-center py-16">
      <Spinner label={t('editor.loading')} />
    </div>
  );
  if (!ready) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        {spinner}
      </div>
    );
  }
  const loaded = id !== null ? (detail.data ?? null) : null;
  return (
    <div className="flex flex-col gap-5">
      {header}
      {loaded?.force_down && <ForceDownBanner detail={loaded} />}
      {loaded?.review_note && <ReviewNoteBanner note={loaded.review_note} />}
      <Suspense fallback={spinner}>
        <GoodsForm
          key={`${id ?? 'new'}-${formVersion}`}
          defaultValues={loaded ? formFromDetail(loaded) : emptyGoodsForm()}
          detail={loaded}
          goodsClass={goodsClass.data}
          fineness={fineness.data}
          terms={terms.data}
          gains={gains.data}
          onSaved={onSaved}
        />
      </Suspense>
    </div>
  );
}
