'use client';

import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import type { GoodsFormValues } from '../../lib/goodsForm';
import { useChannels, useSubShopOptions } from '../../queries';
import { FieldError } from '@/components/ui/fields';
import { USER_TEXT } from '@/components/ui/UserText';
import { useFieldMessage } from './useFieldMessage';

export interface Choice<V> {
  value: V;
  label: string;
  /** Selected in the goods but no longer offered (disabled sub-shop, retired channel). */
  gone?: boolean;
  /** The label is a record's name (a sub-shop's), not the screen's words: marked as user data. */
  userText?: boolean;
}

/**
 * The choices offered, then those the goods hold but no longer offered (a disabled sub-shop, a
 * retired channel), marked gone so they can be unticked; none of those until the offer loads.
 */
export function withGone<V>(offered: Choice<V>[] | undefined, selected: readonly V[], goneLabel: (value: V) => string): Choice<V>[] {
  if (!offered) return [];
  const known = new Set(offered.map((choice) => choice.value));
  return [...offered, ...selected.filter((value) => !known.has(value)).map((value) => ({ value, label: goneLabel(value), gone: true }))];
}

interface OptionsState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A labelled group of checkboxes over a list of values; the first box takes the field's ref. */
function CheckboxGroup<V extends string | number>({
  id,
  legend,
  summary,
  choices,
  selected,
  onChange,
  inputRef,
  error,
  state,
  emptyText,
}: {
  id: string;
  legend: string;
  summary: string;
  choices: Choice<V>[];
  selected: readonly V[];
  onChange: (next: V[]) => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  state: OptionsState;
  emptyText: string;
}) {
  const t = useTranslations('goods.editor.availability');
  const toggle = (value: V, checked: boolean) => onChange(checked ? [...selected, value] : selected.filter((item) => item !== value));
  let options: React.ReactNode;
  if (state.isPending) options = <Spinner label={t('loading')} className="text-sm" />;
  else if (state.isError)
    options = (
      <p role="alert" className="flex items-center gap-3 text-sm text-red-700">
        {t('loadError')}
        <Button variant="link" onClick={() => state.refetch()}>
          {t('retry')}
        </Button>
      </p>
    );
  else if (choices.length === 0) options = <p className="text-sm text-slate-500">{emptyText}</p>;
  else
    options = (
      <div className="grid max-h-48 grid-cols-[repeat(auto-fill,minmax(min(100%,11rem),1fr))] gap-x-4 gap-y-1.5 overflow-y-auto rounded-md border border-slate-200 p-3">
        {choices.map((choice, index) => (
          <label key={String(choice.value)} className={`flex items-center gap-2 text-sm ${choice.gone ? 'text-slate-400' : 'text-slate-700'}`}>
            <input
              ref={index === 0 ? inputRef : undefined}
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={selected.includes(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
            />
            <span className="truncate" {...(choice.userText ? USER_TEXT : {})}>{choice.label}</span>
          </label>
        ))}
      </div>
    );
  return (
    <fieldset aria-describedby={`${id}-summary`} aria-invalid={error ? true : undefined} className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <p id={`${id}-summary`} className="mb-2 text-xs text-slate-500">
        {summary}
      </p>
      {options}
      <FieldError message={error} />
    </fieldset>
  );
}

/** The goods' field of picked values: its values, its ref for the first box, its message. */
function usePickedField<N extends 'sub_shop_ids' | 'channels'>(name: N) {
  const message = useFieldMessage();
  const { control } = useFormContext<GoodsFormValues>();
  const { field, fieldState } = useController({ control, name });
  return { selected: field.value, onChange: field.onChange, inputRef: field.ref, error: message(fieldState.error) };
}

/** Which sub-shops may rent the goods out: none ticked means every sub-shop. */
export function SubShopPicker() {
  const t = useTranslations('goods.editor.availability');
  const picked = usePickedField('sub_shop_ids');
  const options = useSubShopOptions();
  const offered = options.data?.map((shop) => ({ value: shop.id, label: shop.name, userText: true }));
  return (
    <CheckboxGroup
      {...picked}
      id="goods-sub-shops"
      legend={t('subShops')}
      summary={picked.selected.length === 0 ? t('subShopsAll') : t('subShopsSome', { count: picked.selected.length })}
      choices={withGone(offered, picked.selected, (id) => t('subShopGone', { id }))}
      state={options}
      emptyText={t('subShopsNone')}
    />
  );
}

/** The shop's channels the goods are offered on (stored as channel labels). */
export function ChannelPicker() {
  const t = useTranslations('goods.editor.availability');
  const picked = usePickedField('channels');
  const options = useChannels();
  const offered = options.data?.map((channel) => ({ value: channel.label, label: channel.name }));
  return (
    <CheckboxGroup
      {...picked}
      id="goods-channels"
      legend={t('channels')}
      summary={picked.selected.length === 0 ? t('channelsNone') : t('channelsSome', { count: picked.selected.length })}
      choices={withGone(offered, picked.selected, (label) => t('channelGone', { label }))}
      state={options}
      emptyText={t('channelsEmpty')}
    />
  );
}
