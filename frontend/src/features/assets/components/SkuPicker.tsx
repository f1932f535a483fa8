'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Select } from '@/components/ui/fields';
import { useGoodsList, useSkuStock } from '@/features/goods/queries';
import { USER_TEXT } from '@/components/ui/UserText';

export interface PickedSku {
  sku_id: number;
  label: string;
}

function specsText(specs: Record<string, string>, code: string): string {
  const values = Object.values(specs).filter(Boolean);
  return values.length > 0 ? values.join(' / ') : code;
}

/**
 * A SKU in two steps: the goods (searched by title), then one of its SKUs. Until the backend
 * answers a list of the SKUs tracked by unit (requested: getUnitSkuOptions), the goods list is
 * the way to one; a SKU counted by stock is refused by the receipt with the server's words.
 */
export function SkuPicker({ value, onChange, error, label }: { value: PickedSku | null; onChange: (sku: PickedSku | null) => void; error?: string; label: string }) {
  const t = useTranslations('assets.skuPicker');
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [goodsId, setGoodsId] = useState<number | null>(null);
  const goods = useGoodsList({ keyword: search || undefined, page: 1, page_size: 50 });
  const skus = useSkuStock(goodsId);
  const goodsTitle = goods.data?.list.find((row) => row.id === goodsId)?.title ?? '';

  return (
    <div className="flex min-w-0 flex-col gap-2" data-sku-picker>
      <div className="flex items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          {label}
          <input
            type="search"
            value={keyword}
            placeholder={t('searchPlaceholder')}
            onChange={(event) => setKeyword(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                setSearch(keyword.trim());
              }
            }}
            onBlur={() => setSearch(keyword.trim())}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal shadow-xs outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          />
        </label>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Select
          label={t('goods')}
          hideLabel
          value={goodsId ? String(goodsId) : ''}
          onChange={(event) => {
            setGoodsId(event.target.value ? Number(event.target.value) : null);
            onChange(null);
          }}
        >
          <option value="">{goods.isPending ? t('loading') : t('chooseGoods')}</option>
          {(goods.data?.list ?? []).map((row) => (
            <option key={row.id} value={row.id} {...USER_TEXT}>
              {row.title}
            </option>
          ))}
        </Select>
        <Select
          label={t('sku')}
          hideLabel
          value={value ? String(value.sku_id) : ''}
          disabled={goodsId === null}
          error={error}
          onChange={(event) => {
            const sku = skus.data?.find((row) => String(row.sku_id) === event.target.value);
            onChange(sku ? { sku_id: sku.sku_id, label: `${goodsTitle} · ${specsText(sku.specs, sku.code)}` } : null);
          }}
        >
          <option value="">{goodsId === null ? t('goodsFirst') : t('chooseSku')}</option>
          {(skus.data ?? []).map((sku) => (
            <option key={sku.sku_id} value={sku.sku_id} {...USER_TEXT}>
              {specsText(sku.specs, sku.code)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
