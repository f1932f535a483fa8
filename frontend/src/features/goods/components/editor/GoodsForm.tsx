'use client';

import { USER_TEXT } from '@/components/ui/UserText';
import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { FieldRow, FormActionBar } from '@/components/ui/FormLayout';
import { Input } from '@/components/ui/Input';
import { RichTextEditor } from '@/components/RichTextEditor';
import { ApiError, asApiError, GOODS_ERRORS, incompleteGoods } from '../../lib/apiError';
import { lazyResolver } from '@/lib/lazyResolver';
import { mapServerFields, toPayload, type GoodsFormValues } from '../../lib/goodsForm';
import { usePictureUpload, useSaveGoods } from '../../queries';
import { isGoodsStatus, type FinenessOption, type GainGroup, type GoodsClass, type GoodsDetail, type GoodsSaved, type SkuStock, type Term } from '../../types';
import { Select } from '@/components/ui/fields';
import { ChannelPicker, SubShopPicker } from './AvailabilityPickers';
import { PackageSection } from './PackageSection';
import { PicturesField, uploadFailure } from './PicturesField';
import { RentPlanSection } from './RentPlanSection';
import { SkuSection } from './SkuSection';
import { useFieldMessage } from './useFieldMessage';

// zod and the schema load on the form's first validation, not with the editor.
const goodsResolver = lazyResolver<GoodsFormValues>(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('../../lib/goodsSchema')]).then(
    ([{ zodResolver }, { goodsFormSchema }]) => zodResolver(goodsFormSchema) as unknown as Resolver<GoodsFormValues>,
  ),
);

// Dialogs load when first opened (see lazyDialog).
const StockDialog = lazyDialog(() => import('../stock/StockDialog').then((module) => module.StockDialog), (props) => props.goods !== null);

const LOCKED_PARTS: readonly string[] = ['spu_list', 'rent_list', 'sell_list', 'package_list'];
type LockedPart = 'spu_list' | 'rent_list' | 'sell_list' | 'package_list';

/**
 * A titled part of the form. `locked` disables only the body, so header actions (adjusting the
 * stock of goods on shelf) stay usable while the SKU grid is locked.
 */
function Section({
  id,
  title,
  description,
  actions,
  locked = false,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  locked?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white">
      <header className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-3">
        <div>
          <h2 id={id} className="text-sm font-semibold text-slate-800">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-xs text-slate-500">{description}</p>}
        </div>
        {actions}
      </header>
      <fieldset disabled={locked} className="min-w-0 p-5 disabled:opacity-70">
        {children}
      </fieldset>
    </section>
  );
}

const LIST_FIELDS = new Set(['skus', 'rentPlans', 'packages']);

export interface GoodsFormProps {
  defaultValues: GoodsFormValues;
  detail: GoodsDetail | null;
  goodsClass: readonly GoodsClass[];
  fineness: readonly FinenessOption[];
  terms: readonly Term[];
  gains: GainGroup[];
  onSaved: (saved: GoodsSaved, activate: boolean) => void;
}

/** The goods editor form: SPU fields, specs → SKUs, rent plans, sale prices and packages. */
export function GoodsForm({ defaultValues, detail, goodsClass, fineness, terms, gains, onSaved }: GoodsFormProps) {
  const t = useTranslations('goods');
  const message = useFieldMessage();
  const form = useForm<GoodsFormValues>({
    defaultValues,
    resolver: goodsResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, setError, setValue, getValues, control, formState, setFocus } = form;
  const errors = formState.errors;
  const save = useSaveGoods();
  const [formErrors, setFormErrors] = useState<{ title: string; lines: string[] } | null>(null);
  const [pendingAction, setPendingAction] = useState<'draft' | 'shelf' | null>(null);
  const locked = detail?.disabled.locked ?? false;
  const pictures = useWatch({ control, name: 'pictures' });
  const [stockOpen, setStockOpen] = useState(false);
  const upload = usePictureUpload();
  const tPictures = useTranslations('goods.editor.pictures');
  const saveStatusId = useId();

  // Stock of saved SKUs changes only through the stock dialog; mirror its answer in the grid
  // without marking the form dirty (saveGood ignores the stock of existing SKUs).
  const onStockUpdated = (row: SkuStock) => {
    const index = getValues('skus').findIndex((sku) => sku.id === row.sku_id);
    if (index >= 0) setValue(`skus.${index}.stock`, String(row.stock));
  };

  const showServerFailure = (error: ApiError, index: ReturnType<typeof toPayload>['index'], activate: boolean) => {
    const failure = error.failure;
    if (error.code === GOODS_ERRORS.incomplete) {
      const reasons = incompleteGoods(error).flatMap((item) => item.reasons);
      setFormErrors({
        title: t('editor.cannotShelf'),
        lines: reasons.length > 0 ? reasons.map((reason) => t(`incomplete.${reason}` as 'incomplete.no_picture')) : [error.message],
      });
      return;
    }
    if (error.code === GOODS_ERRORS.fieldsLocked) {
      const names = (failure.fields as unknown as string[] | Record<string, string[]>) ?? [];
      const list = Array.isArray(names) ? names : Object.keys(names);
      setFormErrors({ title: t('editor.lockedTitle'), lines: [error.message, ...list.map((name) => t('editor.lockedField', { field: LOCKED_PARTS.includes(name) ? t(`editor.lockedParts.${name as LockedPart}`) : name }))] });
      return;
    }
    const { byPath, unplaced } = mapServerFields(failure.fields, index, error.message);
    const paths = Object.keys(byPath);
    for (const path of paths) {
      const target = LIST_FIELDS.has(path) ? `root.${path}` : path;
      setError(target as Path<GoodsFormValues>, { type: 'server', message: byPath[path] });
    }
    const first = paths.find((path) => !LIST_FIELDS.has(path) && path !== 'pictures');
    if (first) {
      try {
        setFocus(first as Path<GoodsFormValues>);
      } catch {
        // Not every path is a focusable input (e.g. checkboxes lists); the message still shows.
      }
    }
    if (unplaced.length > 0 || paths.length === 0) {
      setFormErrors({ title: activate ? t('editor.shelfFailed') : t('editor.saveFailed'), lines: unplaced.length > 0 ? unplaced : [error.message] });
    } else {
      setFormErrors({ title: t('editor.fixFields'), lines: [] });
    }
  };

  const submit = (activate: boolean) =>
    handleSubmit(
      (values) => {
        setFormErrors(null);
        setPendingAction(activate ? 'shelf' : 'draft');
        const { body, index } = toPayload(values);
        save.mutate(
          { body, activate },
          {
            onSuccess: (saved) => onSaved(saved, activate),
            onError: (error) => {
              const apiError = asApiError(error);
              if (apiError) showServerFailure(apiError, index, activate);
              else setFormErrors({ title: t('editor.saveFailed'), lines: [String(error)] });
            },
            onSettled: () => setPendingAction(null),
          },
        );
      },
      () => setFormErrors({ title: t('editor.fixFields'), lines: [] }),
    );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-5 pb-24">
        <Section id="goods-basic" title={t('editor.sections.basic')}>
          <FieldRow columns="repeat(2,minmax(0,1fr))" minWidth="14rem" gap={4}>
            <Input label={t('editor.fields.title')} className="col-span-full" maxLength={100} error={message(errors.title)} {...register('title')} />
            <Select label={t('editor.fields.category')} error={message(errors.category_id)} {...register('category_id')}>
              <option value="">{t('editor.fields.chooseCategory')}</option>
              {goodsClass.map((item) => (
                <option key={item.id} value={item.id} {...USER_TEXT}>
                  {item.path}
                </option>
              ))}
              {detail?.category_id && !goodsClass.some((item) => item.id === detail.category_id) && (
                <option value={detail.category_id}>{t('editor.fields.categoryUnavailable', { name: detail.category_name })}</option>
              )}
            </Select>
            <Input label={t('editor.fields.brand')} maxLength={50} error={message(errors.brand)} {...register('brand')} />
            <Select label={t('editor.fields.fineness')} error={message(errors.fineness)} {...register('fineness')}>
              {fineness.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
            <Input label={t('editor.fields.sort')} inputMode="numeric" error={message(errors.sort)} {...register('sort')} />
          </FieldRow>
        </Section>

        <Section id="goods-availability" title={t('editor.sections.availability')} description={t('editor.sections.availabilityHint')}>
          <FieldRow columns="repeat(2,minmax(0,1fr))" minWidth="16rem" gap={6}>
            <SubShopPicker />
            <ChannelPicker />
          </FieldRow>
        </Section>

        <Section id="goods-pictures" title={t('editor.sections.pictures')}>
          <PicturesField value={pictures} onChange={(next) => setValue('pictures', next, { shouldDirty: true, shouldValidate: formState.isSubmitted })} error={message(errors.pictures)} />
        </Section>

        <Section id="goods-description" title={t('editor.sections.description')}>
          {/* The editor (Tiptap) loads with this section; its pictures are the goods' own or
              uploaded through the same call, and the server keeps its HTML to an allow-list. */}
          <Controller
            control={control}
            name="description"
            render={({ field }) => (
              <RichTextEditor
                label={t('editor.fields.description')}
                value={field.value}
                onChange={field.onChange}
                error={message(errors.description)}
                pictures={pictures}
                onUpload={async (file) => (await upload.mutateAsync(file)).url}
                uploadErrorMessage={(file, failure) => uploadFailure(tPictures, file, failure)}
              />
            )}
          />
        </Section>

        {locked && (
          <div role="note" className="flex items-start gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
            <svg className="mt-0.5 size-5 shrink-0 text-sky-500" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path fillRule="evenodd" d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z" clipRule="evenodd" />
            </svg>
            <div>
              <p className="font-semibold">{t('editor.lockedTitle')}</p>
              {/* The server's reason is the status code ("on_shelf"): say it in words. */}
              <p>
                {detail?.disabled.reason && isGoodsStatus(detail.disabled.reason) ? t('editor.lockedBecause', { status: t(`status.${detail.disabled.reason}`) }) : null}
                {t('editor.lockedReason')}
              </p>
            </div>
          </div>
        )}

        <Section
          id="goods-skus"
          title={t('editor.sections.skus')}
          description={t('editor.sections.skusHint')}
          locked={locked}
          actions={
            detail && (
              <Button variant="link" className="shrink-0" onClick={() => setStockOpen(true)}>
                {t('stock.editorLink')}
              </Button>
            )
          }
        >
          <SkuSection />
        </Section>
        <Section id="goods-rent" title={t('editor.sections.rent')} description={t('editor.sections.rentHint')} locked={locked}>
          <RentPlanSection terms={terms} />
        </Section>
        <Section id="goods-packages" title={t('editor.sections.packages')} description={t('editor.sections.packagesHint')} locked={locked}>
          <PackageSection terms={terms} gains={gains} />
        </Section>

        {formErrors && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <p className="font-semibold">{formErrors.title}</p>
            {formErrors.lines.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {formErrors.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        )}

        <FormActionBar
          statusId={saveStatusId}
          status={
            save.isPending ? (
              <span className="text-slate-600">{t('editor.saving')}</span>
            ) : (
              formState.isDirty && <span className="text-amber-700">{t('editor.unsaved')}</span>
            )
          }
        >
          {/* While one save runs the other action waits for it, and says so (the bar's status). */}
          <Button
            variant="secondary"
            loading={pendingAction === 'draft'}
            disabled={save.isPending}
            aria-describedby={save.isPending ? saveStatusId : undefined}
            title={save.isPending && pendingAction !== 'draft' ? t('editor.saving') : undefined}
            onClick={submit(false)}
          >
            {t('editor.saveDraft')}
          </Button>
          <Button
            loading={pendingAction === 'shelf'}
            disabled={save.isPending}
            aria-describedby={save.isPending ? saveStatusId : undefined}
            title={save.isPending && pendingAction !== 'shelf' ? t('editor.saving') : undefined}
            onClick={submit(true)}
          >
            {t('editor.saveAndShelf')}
          </Button>
        </FormActionBar>
      </form>
      <StockDialog goods={stockOpen && detail ? { id: detail.id, title: detail.title } : null} onClose={() => setStockOpen(false)} onUpdated={onStockUpdated} />
    </FormProvider>
  );
}
