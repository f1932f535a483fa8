import type { Tone } from '@/components/StatusBadge';

export const SHIPMENT_STATUSES = ['created', 'label_ready', 'picked_up', 'in_transit', 'delivered', 'cancelled', 'failed', 'exception', 'manual'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_DIRECTIONS = ['out', 'return', 'exchange_out', 'exchange_back'] as const;
export const PICKUP_STATUSES = ['requested', 'accepted', 'picked_up', 'cancelled_by_shop', 'cancelled_by_carrier', 'failed'] as const;

export function shipmentTone(status: string): Tone {
  if (status === 'delivered') return 'green';
  if (status === 'failed' || status === 'exception') return 'red';
  if (status === 'cancelled' || status === 'manual') return 'slate';
  if (status === 'created') return 'amber';
  return 'sky';
}

/** A label prints once the carrier made the waybill, until it is cancelled or failed. */
export function labelPrintable(status: string): boolean {
  return ['label_ready', 'picked_up', 'in_transit', 'delivered', 'exception'].includes(status);
}

export function known<T extends readonly string[]>(values: T, value: string): value is T[number] {
  return (values as readonly string[]).includes(value);
}
