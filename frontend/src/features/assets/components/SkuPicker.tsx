'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
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
 * A SKU tracked by unit in two steps: the goods (searched by title; only goods with a SKU tracked
 * by unit, `tracked=true`), then one of its SKUs tracked by unit (a counted one is received by
 * count, not by scan, and is not offered).
 */
export function SkuPicker({ value, onChange, error, label }: { value: PickedSku | null; onChange: (sku: PickedSku | null) => void; error?: string; label: string }) {
  const t = useTranslations('assets.skuPicker');
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [goodsId, setGoodsId] = useState<number | null>(null);
  const goods = useGoodsList({ keyword: search || undefined, page: 1, page_size: 50, tracked: true });
  const skus = useSkuStock(goodsId);
  const goodsTitle = goods.data?.list.find((row) => row.id === goodsId)?.title ?? '';
  const trackedSkus = (skus.data ?? []).filter((sku) => sku.tracked);
  const goodsRows = goods.data?.list ?? [];
  // What the goods select says when it offers nothing, and why.
  const goodsEmpty = goods.isPending ? t('loading') : goods.isError ? t('goodsError') : goodsRows.length === 0 ? (search ? t('noTrackedMatch') : t('noTracked')) : t('chooseGoods');
  const skuEmpty = goodsId === null ? t('goodsFirst') : skus.isPending ? t('loading') : skus.isError ? t('skusError') : trackedSkus.length === 0 ? t('noTrackedSku') : t('chooseSku');

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
          <option value="">{goodsEmpty}</option>
          {goodsRows.map((row) => (
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
            const sku = trackedSkus.find((row) => String(row.sku_id) === event.target.value);
            onChange(sku ? { sku_id: sku.sku_id, label: `${goodsTitle} · ${specsText(sku.specs, sku.code)}` } : null);
          }}
        >
          <option value="">{skuEmpty}</option>
          {trackedSkus.map((sku) => (
            <option key={sku.sku_id} value={sku.sku_id} {...USER_TEXT}>
              {specsText(sku.specs, sku.code)}
            </option>
          ))}
        </Select>
      </div>
      {goods.isError && (
        <p className="text-xs text-red-600" role="alert">
          {t('goodsError')}{' '}
          <Button variant="link" className="text-xs" onClick={() => void goods.refetch()}>
            {t('retry')}
          </Button>
        </p>
      )}
      {!goods.isPending && !goods.isError && goodsRows.length === 0 && <p className="text-xs text-slate-500">{t('noTrackedHint')}</p>}
    </div>
  );
}
