import { DEFAULT_PAGE_SIZE, readEnum, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import type { StaffListParams } from '../queries';
import { ACCOUNT_STATUSES, filterRoles, type AccountStatus, type FilterRole, type StaffSide } from './staffRoles';

export interface StaffListState {
  keyword: string;
  role: FilterRole | undefined;
  status: AccountStatus | undefined;
  page: number;
  page_size: number;
}

export const STAFF_LIST_DEFAULTS: StaffListState = { keyword: '', role: undefined, status: undefined, page: 1, page_size: DEFAULT_PAGE_SIZE };

/** Reads the list's state from the URL; a role the side does not have is dropped. */
export function parseStaffListState(params: Pick<URLSearchParams, 'get'>, side: StaffSide = 'store'): StaffListState {
  return {
    keyword: readText(params, 'keyword'),
    role: readEnum(params, 'role', filterRoles(side)),
    status: readEnum(params, 'status', ACCOUNT_STATUSES),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

const PARSERS: Record<StaffSide, (params: URLSearchParams) => StaffListState> = {
  store: (params) => parseStaffListState(params, 'store'),
  platform: (params) => parseStaffListState(params, 'platform'),
};

/** One stable parser per side (the URL state hook memoises on it). */
export function staffListParser(side: StaffSide): (params: URLSearchParams) => StaffListState {
  return PARSERS[side];
}

export function staffListSearch(state: StaffListState): string {
  return toSearch({ ...state }, { ...STAFF_LIST_DEFAULTS });
}

export function staffListParams(state: StaffListState): StaffListParams {
  return {
    page: state.page,
    page_size: state.page_size,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.role ? { role: state.role } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
}
