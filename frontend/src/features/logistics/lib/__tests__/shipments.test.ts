import { describe, expect, it } from 'vitest';
import { parseShipmentListState, shipmentListQuery, shipmentListSearch } from '../shipmentListState';
import { labelPrintable, shipmentTone } from '../shipments';

describe('shipments list state', () => {
  it('reads its filters from the URL and drops what it does not know', () => {
    const state = parseShipmentListState(new URLSearchParams('status=picked_up&direction=sideways&keyword=SF123&page=2'));
    expect(state).toMatchObject({ status: 'picked_up', direction: undefined, keyword: 'SF123', page: 2 });
    expect(shipmentListQuery(state)).toEqual({ status: 'picked_up', keyword: 'SF123', page: 2, page_size: state.page_size });
  });

  it('writes back only what differs from the defaults', () => {
    const state = parseShipmentListState(new URLSearchParams('status=delivered'));
    expect(shipmentListSearch(state)).toBe('status=delivered');
    expect(shipmentListSearch(parseShipmentListState(new URLSearchParams('')))).toBe('');
  });
});

describe('shipment statuses', () => {
  it('prints a label only once the carrier made the waybill and until it is cancelled', () => {
    expect(['created', 'label_ready', 'picked_up', 'cancelled', 'failed', 'manual'].filter(labelPrintable)).toEqual(['label_ready', 'picked_up']);
  });

  it('marks refusals and exceptions red, delivery green', () => {
    expect([shipmentTone('failed'), shipmentTone('exception'), shipmentTone('delivered'), shipmentTone('in_transit')]).toEqual(['red', 'red', 'green', 'sky']);
  });
});
