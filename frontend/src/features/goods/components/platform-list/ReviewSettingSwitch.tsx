'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { notify } from '@/lib/notice';
import { useGoodsReviewSetting, useSetGoodsReviewSetting } from '../../queries';
import { Switch } from '@/components/ui/fields';

/** Whether the filtered merchant's goods wait for the platform's review before going on shelf. */
export function ReviewSettingSwitch({ merchantId, merchantName, canGovern }: { merchantId: number; merchantName: string; canGovern: boolean }) {
  const t = useTranslations('goods.review');
  const tc = useTranslations('common');
  const setting = useGoodsReviewSetting(merchantId);
  const save = useSetGoodsReviewSetting();

  const change = (needReview: boolean) =>
    save.mutate(
      { merchant_id: merchantId, need_review: needReview },
      {
        onSuccess: (saved) => notify({ kind: 'success', message: { raw: t(saved.need_review ? 'settingOn' : 'settingOff', { merchant: merchantName }) } }),
        onError: (error) => notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: error.message } }),
      },
    );

  let state: React.ReactNode;
  if (setting.isPending) state = <Spinner label={t('settingLoading')} className="text-xs" />;
  else if (setting.isError)
    state = (
      <span role="alert" className="flex items-center gap-2 text-xs text-red-700">
        {t('settingError')}
        <Button variant="link" onClick={() => setting.refetch()}>
          {tc('retry')}
        </Button>
      </span>
    );
  else
    state = (
      <>
        <Switch checked={setting.data.need_review} disabled={!canGovern || save.isPending} onChange={change} label={t('setting')} />
        <span className="text-xs text-slate-500">{save.isPending ? t('settingSaving') : setting.data.need_review ? t('settingEnabled') : t('settingDisabled')}</span>
      </>
    );

  return (
    <div className="flex flex-col gap-1 self-center">
      <div className="flex items-center gap-2">
        <span className="text-sm font-medium text-slate-700">{t('setting')}</span>
        {state}
      </div>
      <p className="text-xs text-slate-500">{t('settingHint')}</p>
    </div>
  );
}
