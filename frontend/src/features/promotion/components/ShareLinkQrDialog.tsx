'use client';
/* eslint-disable @next/next/no-img-element -- the QR picture is an SVG data URL the API draws */

import { useTranslations } from 'next-intl';
import { Breakable } from '@/components/ui/Breakable';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormError } from '@/components/ui/FormError';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/components/format';
import { copyToClipboard } from '@/lib/clipboard';
import { useMiniProgramScheme, useShareLink } from '../queries';

/** A link's QR picture and URL to copy, and a mini-program link made on demand. */
export function ShareLinkQrDialog({ linkId, onClose }: { linkId: number | null; onClose: () => void }) {
  const t = useTranslations('promotion.share');
  const detail = useShareLink(linkId);
  const scheme = useMiniProgramScheme();
  const link = detail.data;
  return (
    <Dialog
      open={linkId !== null}
      onClose={onClose}
      title={link ? t('title', { name: link.name }) : t('qrAlt')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {detail.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : detail.isError || !link ? (
        <FormError title={t('loadError')} />
      ) : (
        <div className="flex flex-col items-center gap-3 text-center" data-share-code={link.code}>
          {link.is_deleted && <p className="text-sm text-amber-700">{t('deletedHint')}</p>}
          <img src={link.qr_code} alt={t('qrAlt')} className="size-56 rounded-md border border-slate-200" />
          <p className="font-mono text-sm text-slate-700">{link.code}</p>
          <p className="w-full text-xs text-slate-500" data-share-url>
            <Breakable text={link.url} />
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => void copyToClipboard(link.url)}>{t('copy')}</Button>
            {!link.is_deleted && (
              <Button variant="secondary" loading={scheme.isPending} onClick={() => scheme.mutate(link.id)}>
                {t('scheme')}
              </Button>
            )}
          </div>
          {scheme.isError && <FormError title={t('schemeFailed')} />}
          {scheme.data && (
            <div className="w-full rounded-md bg-slate-50 px-3 py-2 text-left text-sm">
              <p className="font-medium text-slate-700">{t('schemeTitle')}</p>
              <p className="mt-1 font-mono text-xs break-all text-slate-600" data-scheme>
                {scheme.data.scheme}
              </p>
              <p className="mt-1 text-xs text-slate-500">{t('schemeExpires', { time: formatDateTime(scheme.data.expire_at) })}</p>
              <Button variant="link" onClick={() => void copyToClipboard(scheme.data.scheme)}>
                {t('copyScheme')}
              </Button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
