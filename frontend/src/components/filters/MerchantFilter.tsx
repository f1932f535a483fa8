'use client';

import { useTranslations } from 'next-intl';
import { FilterSelect, type FilterOption } from './FilterBar';
import { useMerchantChoices, type MerchantChoice } from './merchantChoices';

export interface MerchantFilterProps {
  /** The chosen merchant's id (the URL's `merchant_id`); undefined is every merchant. */
  value: number | undefined;
  onChange: (merchantId: number | undefined) => void;
  /** False leaves the merchants uncalled (a role that may not read them). */
  enabled?: boolean;
  /**
   * The chosen merchant when the merchants are not loaded (not enabled): its name read from the
   * list's rows, so the select still shows it.
   */
  known?: MerchantChoice;
  className?: string;
}

/**
 * The platform's merchant filter: "商户" with every merchant after "全部商户", the names marked as
 * user data. One piece for every platform list that narrows to a merchant.
 */
export function MerchantFilter({ value, onChange, enabled = true, known, className }: MerchantFilterProps) {
  const t = useTranslations('kit.filters');
  const merchants = useMerchantChoices(enabled);
  const choices = merchants.data ?? (value !== undefined && known?.id === value ? [known] : []);
  const options: FilterOption[] = [{ value: '', label: t('allMerchants') }, ...choices.map((merchant) => ({ value: String(merchant.id), label: merchant.name, userText: true }))];
  return (
    <FilterSelect
      label={t('merchant')}
      className={className}
      value={value ? String(value) : ''}
      options={options}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
    />
  );
}

// The phone's filter button counts a chosen merchant among the filters set (countActiveFilters).
MerchantFilter.isSet = (props: MerchantFilterProps) => Boolean(props.value);
