import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { ACCOUNTS } from './env';
import { GoodsApi } from './goodsApi';

interface ShipFacts {
  id: number;
  order_no: string;
  sku_id: number;
  sku_tracked: boolean;
  actions: string[];
  unit: { id: number; imei1: string; serial_number: string; status: string } | null;
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

/**
 * Demo leases in lease whose device (tracked by unit) is out with the customer and which take a
 * new after-sale business: `count` of them, oldest listed first.
 */
export async function leasesHoldingDevices(request: APIRequestContext, count: number): Promise<ShipFacts[]> {
  const api = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
  const orders = await api.get<{ list: { id: number }[] }>('/api/platform/backendOrderList', {
    status: 'in_lease',
    page: 1,
    page_size: 50,
  });
  const found: ShipFacts[] = [];
  for (const row of orders.list) {
    const order = await api.get<ShipFacts>('/api/merchant/orderInfo', { id: row.id });
    if (order.sku_tracked && order.unit?.status === 'out_with_customer' && order.actions.includes('return')) found.push(order);
    if (found.length === count) break;
  }
  return found;
}

/** A device's code as a scanner reads it: its first IMEI, else its serial number. */
export function codeOf(unit: { imei1: string; serial_number: string }): string {
  return unit.imei1 || unit.serial_number;
}
