/**
 * A SKU tracked by unit: what a customer can order is its units in stock where the goods are
 * sold less its open reservations (apps/goods/selectors.py `tracked_stock_parts`). The goods
 * calls answer both figures beside the stock, so the screens say them and never offer a typed
 * count for such a SKU.
 */
/** A SKU's stock as the goods calls answer it (getSkuStock, goodsDetail's spu_list). */
export interface StockFields {
  stock: number;
  tracked: boolean;
  in_stock: number | null;
  reserved: number | null;
}

/** The figures a stock keeper compares for a SKU tracked by unit: what can be ordered, its units in stock and the orders holding some of them. */
export interface TrackedParts {
  available: number;
  inStock: number;
  reserved: number;
}

/** A tracked SKU's figures; null for a counted SKU, whose stock is its kept count. */
export function trackedParts(sku: StockFields): TrackedParts | null {
  if (!sku.tracked) return null;
  return { available: sku.stock, inStock: sku.in_stock ?? 0, reserved: sku.reserved ?? 0 };
}
