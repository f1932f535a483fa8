'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from '@/components/ui/DialogButtons';
import { Input } from '@/components/ui/Input';
import { notify } from '@/lib/notice';
import { asApiError } from '../../lib/apiError';
import { toCents } from '../../lib/money';
import { useSaveGain } from '../../queries';
import type { Gain, GainTypeOption } from '../../types';
import { Select, Textarea } from '@/components/ui/fields';

const GAIN_PRICE_MAX_CENTS = 10_000_000;

const schema = z.object({
  name: z.string().trim().min(1, 'nameRequired').max(50, 'nameTooLong'),
  gain_type: z.string().min(1, 'typeRequired'),
  price: z.string().refine((value) => {
    const cents = toCents(value);
    return cents !== null && cents <= GAIN_PRICE_MAX_CENTS;
  }, 'priceInvalid'),
  description: z.string().max(500, 'descriptionTooLong'),
  is_required: z.boolean(),
  sort: z.string().refine((value) => /^\d+$/.test(value.trim()) && Number(value) <= 999_999, 'sortInvalid'),
});
type GainFormValues = z.infer<typeof schema>;

/** Add or edit an add-on service. */
export function GainDialog({ gain, types, onClose }: { gain: Gain | null; types: readonly GainTypeOption[]; onClose: () => void }) {
  const t = useTranslations('addon');
  const tv = useTranslations('addon.validation');
  const tc = useTranslations('common');
  const save = useSaveGain();
  const { register, handleSubmit, setError, formState } = useForm<GainFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: gain?.name ?? '',
      gain_type: gain?.gain_type ?? types[0]?.value ?? '',
      price: gain?.price ?? '',
      description: gain?.description ?? '',
      is_required: gain?.is_required ?? false,
      sort: String(gain?.sort ?? 0),
    },
  });
  const errors = formState.errors;
  const text = (error?: { message?: string; type?: string }) => (error?.message ? (error.type === 'server' ? error.message : tv(error.message as 'nameRequired')) : undefined);

  const submit = handleSubmit((values) =>
    save.mutate(
      { ...(gain ? { id: gain.id } : {}), ...values, name: values.name.trim(), price: values.price.trim(), sort: Number(values.sort) },
      {
        onSuccess: (saved) => {
          notify({ kind: 'success', message: { raw: t(gain ? 'updated' : 'created', { name: saved.name }) } });
          onClose();
        },
        onError: (error) => {
          const fields = asApiError(error)?.failure.fields ?? {};
          const known = Object.entries(fields).filter(([key]) => key in schema.shape);
          for (const [key, messages] of known) setError(key as Path<GainFormValues>, { type: 'server', message: messages.join('; ') || error.message });
          if (known.length === 0) setError('root', { type: 'server', message: error.message });
        },
      },
    ),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={gain ? t('editTitle', { name: gain.name }) : t('createTitle')}
      width={520}
      footer={<DialogButtons cancelLabel={tc('cancel')} onCancel={onClose} confirmLabel={tc('confirm')} busy={save.isPending} onConfirm={submit} />}
    >
      <form noValidate onSubmit={submit} className="grid grid-cols-2 gap-4">
        <Input label={t('fields.name')} className="col-span-2" maxLength={50} error={text(errors.name)} {...register('name')} />
        <Select label={t('fields.type')} error={text(errors.gain_type)} {...register('gain_type')}>
          {types.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
          {/* A type the platform disabled since: kept, so saving does not silently change it. */}
          {gain && !types.some((type) => type.value === gain.gain_type) && (
            <option value={gain.gain_type}>{t('typeUnavailable', { name: gain.gain_type_name || gain.gain_type })}</option>
          )}
        </Select>
        <Input label={t('fields.price')} inputMode="decimal" placeholder="0.00" error={text(errors.price)} {...register('price')} />
        <Textarea label={t('fields.description')} className="col-span-2" rows={3} maxLength={500} error={text(errors.description)} {...register('description')} />
        <Input label={t('fields.sort')} inputMode="numeric" error={text(errors.sort)} {...register('sort')} />
        <label className="mt-6 flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-brand-600" {...register('is_required')} />
          {t('fields.isRequired')}
        </label>
        {errors.root?.message && (
          <p role="alert" className="col-span-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.root.message}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
