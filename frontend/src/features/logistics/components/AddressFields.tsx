'use client';

import { useTranslations } from 'next-intl';
import { Input } from '@/components/ui/Input';
import type { Address } from '../queries';

export const EMPTY_ADDRESS: Address = { name: '', mobile: '', province: '', city: '', district: '', detail: '' };

const REQUIRED = ['name', 'mobile', 'province', 'city', 'detail'] as const;

/** The fields an address lacks, each with its error (a carrier takes province, city and the rest apart). */
export function addressErrors(address: Address, required: string, prefix: string): Record<string, string | undefined> {
  return Object.fromEntries(REQUIRED.filter((key) => !address[key]?.trim()).map((key) => [`${prefix}.${key}`, required]));
}

/** An address as carriers take it: contact, mobile, province, city, district, the rest. */
export function AddressFields({ value, onChange, errors, prefix }: { value: Address; onChange: (value: Address) => void; errors: Record<string, string>; prefix: string }) {
  const t = useTranslations('logistics.address');
  const field = (key: keyof Address, max: number) => (
    <Input
      label={t(key)}
      value={value[key] ?? ''}
      maxLength={max}
      error={errors[`${prefix}.${key}`]}
      onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      className={key === 'detail' ? 'sm:col-span-2' : undefined}
    />
  );
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      {field('name', 30)}
      {field('mobile', 20)}
      {field('province', 20)}
      {field('city', 20)}
      {field('district', 20)}
      {field('detail', 120)}
    </fieldset>
  );
}
