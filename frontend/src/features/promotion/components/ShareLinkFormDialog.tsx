'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { useRefusableForm } from '@/lib/formRefusal';
import { z } from 'zod';
import { notify } from '@/components/ui/Notice';
import { HookFormDialog } from '@/components/ui/HookFormDialog';
import { FormError } from '@/components/ui/FormError';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/fields';
import { useGoodsClass, useGoodsList } from '@/features/goods/queries';
import { LANDING_TYPES, shareLinkBody, type ShareLinkFormValues } from '../lib/shareLinkState';
import { useSaveShareLink, useShareLinkOptions, type ShareLinkRow } from '../queries';

function useSchema() {
  const t = useTranslations('promotion.form');
  return z
    .object({
      name: z.string().trim().min(1, t('required')).max(50),
      channel: z.string().min(1, t('required')),
      landing_type: z.enum(LANDING_TYPES),
      landing_id: z.string(),
      salesman_id: z.string(),
      sub_shop_id: z.string(),
      remark: z.string().trim().max(200),
    })
    .refine((values) => values.landing_type === 'shop' || values.landing_id !== '', { message: t('landingRequired'), path: ['landing_id'] });
}

/** Create (no `link`) or edit a share link. */
export function ShareLinkFormDialog({ open, link, onClose }: { open: boolean; link?: ShareLinkRow; onClose: () => void }) {
  return open ? <FormBody link={link} onClose={onClose} /> : null;
}

function FormBody({ link, onClose }: { link?: ShareLinkRow; onClose: () => void }) {
  const t = useTranslations('promotion');
  const options = useShareLinkOptions();
  const save = useSaveShareLink();
  const {
    register,
    control,
    formState: { errors, isSubmitting },
    formError,
    onSubmit,
  } = useRefusableForm<ShareLinkFormValues>(
    {
      resolver: zodResolver(useSchema()),
      defaultValues: {
        name: link?.name ?? '',
        channel: link?.channel ?? '',
        landing_type: (link?.landing_type as ShareLinkFormValues['landing_type']) ?? 'shop',
        landing_id: link?.landing_id ? String(link.landing_id) : '',
        salesman_id: link?.salesman_id ? String(link.salesman_id) : '',
        sub_shop_id: link?.sub_shop_id ? String(link.sub_shop_id) : '',
        remark: link?.remark ?? '',
      },
    },
    { fallback: t('form.failed'), focus: true },
    async (values) => {
      const saved = await save.mutateAsync({ id: link?.id, body: shareLinkBody(values) });
      notify({ kind: 'success', message: { raw: t(link ? 'form.updated' : 'form.created', { name: saved.name }) } });
      onClose();
    },
  );
  const landingType = useWatch({ control, name: 'landing_type' });
  const categories = useGoodsClass();
  const goods = useGoodsList({ status: 'on_shelf', page: 1, page_size: 100 });

  const choices = options.data;
  return (
    <HookFormDialog id="share-link-form" title={link ? t('form.editTitle') : t('form.createTitle')} cancelLabel={t('form.cancel')} submitLabel={link ? t('form.submitEdit') : t('form.submitCreate')} failedLabel={t('form.failed')} busy={isSubmitting} disabled={!choices} formError={formError} onClose={onClose} onSubmit={onSubmit}>
      {options.isError && <FormError title={t('form.optionsError')} message={t('loadError')} />}
      <Input label={t('fields.name')} autoFocus error={errors.name?.message} {...register('name')} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Select label={t('fields.channel')} error={errors.channel?.message} {...register('channel')}>
          <option value="">{t('choose')}</option>
          {choices?.channels.map((channel) => (
            <option key={channel.label} value={channel.label}>
              {channel.name}
            </option>
          ))}
        </Select>
        <Select label={t('fields.landingType')} error={errors.landing_type?.message} {...register('landing_type')}>
          {LANDING_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`landingTypes.${type}`)}
            </option>
          ))}
        </Select>
      </div>
      {landingType === 'category' && (
        <Select label={t('fields.landingCategory')} error={errors.landing_id?.message} {...register('landing_id')}>
          <option value="">{t('choose')}</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.path || category.name}
            </option>
          ))}
        </Select>
      )}
      {landingType === 'goods' && (
        <Select label={t('fields.landingGoods')} error={errors.landing_id?.message} {...register('landing_id')}>
          <option value="">{t('choose')}</option>
          {goods.data?.list.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.title}
            </option>
          ))}
        </Select>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Select label={t('fields.salesman')} error={errors.salesman_id?.message} disabled={!choices?.salesmen.length} {...register('salesman_id')}>
          <option value="">{t('none')}</option>
          {choices?.salesmen.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.name}
            </option>
          ))}
        </Select>
        <Select label={t('fields.subShop')} error={errors.sub_shop_id?.message} {...register('sub_shop_id')}>
          <option value="">{t('none')}</option>
          {choices?.sub_shops.map((shop) => (
            <option key={shop.id} value={String(shop.id)}>
              {shop.name}
            </option>
          ))}
        </Select>
      </div>
      <Input label={t('fields.remark')} error={errors.remark?.message} {...register('remark')} />
      {link && <p className="text-xs text-slate-500">{t('form.codeKept', { code: link.code })}</p>}
    </HookFormDialog>
  );
}
