/** The shipments list's state in the URL: status, direction, keyword, page. */
import { DEFAULT_PAGE_SIZE, readEnum, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import { SHIPMENT_DIRECTIONS, SHIPMENT_STATUSES } from './shipments';

export const ATTENTIONS = ['stuck', 'exception'] as const;

export interface ShipmentListState {
  /** The workbench's exceptions: stuck (no carrier event for 48 h) or exception (returned, pickup called off). */
  attention: (typeof ATTENTIONS)[number] | undefined;
  status: (typeof SHIPMENT_STATUSES)[number] | undefined;
  direction: (typeof SHIPMENT_DIRECTIONS)[number] | undefined;
  keyword: string;
  page: number;
  page_size: number;
}

export function parseShipmentListState(params: URLSearchParams): ShipmentListState {
  return {
    attention: readEnum(params, 'attention', ATTENTIONS),
    status: readEnum(params, 'status', SHIPMENT_STATUSES),
    direction: readEnum(params, 'direction', SHIPMENT_DIRECTIONS),
    keyword: readText(params, 'keyword', 64),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function shipmentListSearch(state: ShipmentListState): string {
  return toSearch({ ...state }, { page: 1, page_size: DEFAULT_PAGE_SIZE, keyword: '' });
}

export function shipmentListQuery(state: ShipmentListState) {
  return {
    ...(state.attention ? { attention: state.attention } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.direction ? { direction: state.direction } : {}),
    ...(state.keyword ? { keyword: state.keyword } : {}),
    page: state.page,
    page_size: state.page_size,
  };
}
