import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { ACCOUNTS } from './env';
import { GoodsApi } from './goodsApi';

interface ShipFacts {
  id: number;
  sku_id: number;
  sku_tracked: boolean;
}

/**
 * The code of a device in the warehouse an order may ship (its SKU tracked by unit: the demo's
 * phones and laptops, issue 43), or null for an order of a counted SKU (its serial is typed).
 */
export async function deviceToShip(request: APIRequestContext, orderId: number): Promise<string | null> {
  const api = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
  const order = await api.get<ShipFacts>('/api/merchant/orderInfo', { id: orderId });
  if (!order.sku_tracked) return null;
  const units = await api.get<{ list: { imei1: string; serial_number: string }[] }>('/api/backend/getUnitList', {
    sku_id: order.sku_id,
    status: 'in_stock',
    warehouse: 'true',
    page: 1,
    page_size: 1,
  });
  const unit = units.list[0];
  expect(unit, 'a device of the ordered SKU is in the warehouse').toBeDefined();
  return unit!.imei1 || unit!.serial_number;
}

/** A demo order of a SKU tracked by unit awaiting shipment (the demo's history leaves some). */
export async function trackedOrderAwaitingShipment(request: APIRequestContext): Promise<number | null> {
  const api = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
  const orders = await api.get<{ list: { id: number }[] }>('/api/platform/backendOrderList', {
    status: 'awaiting_shipment',
    page: 1,
    page_size: 50,
  });
  for (const row of orders.list) {
    const order = await api.get<ShipFacts>('/api/merchant/orderInfo', { id: row.id });
    if (order.sku_tracked) return order.id;
  }
  return null;
}
