import { DEFAULT_PAGE_SIZE, readEnum, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import type { StaffListParams } from '../queries';
import { ACCOUNT_STATUSES, STAFF_ROLES, type AccountStatus, type StaffRole } from './staffRoles';

export interface StaffListState {
  keyword: string;
  role: StaffRole | undefined;
  status: AccountStatus | undefined;
  page: number;
  page_size: number;
}

export const STAFF_LIST_DEFAULTS: StaffListState = { keyword: '', role: undefined, status: undefined, page: 1, page_size: DEFAULT_PAGE_SIZE };

export function parseStaffListState(params: Pick<URLSearchParams, 'get'>): StaffListState {
  return {
    keyword: readText(params, 'keyword'),
    role: readEnum(params, 'role', STAFF_ROLES),
    status: readEnum(params, 'status', ACCOUNT_STATUSES),
    page: readPage(params),
    page_size: readPageSize(params),
  };
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
