import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody, type ApiData } from '@/api/client';
import { orThrow } from '@/lib/query';
import { strictCall } from '@/features/merchants/lib/apiError';
import type { AccountStatus, StaffRole } from './lib/staffRoles';

export interface StaffListParams {
  keyword?: string;
  role?: StaffRole;
  status?: AccountStatus;
  page: number;
  page_size: number;
}
export type StaffList = ApiData<'/api/backend/getStaffList', 'get'>;
export type StaffRow = StaffList['list'][number];
export type CreateStaffBody = ApiBody<'/api/backend/createStaff', 'post'>;
export type UpdateStaffBody = ApiBody<'/api/backend/updateStaff', 'post'>;

export const staffKeys = {
  all: ['staff'] as const,
  lists: () => [...staffKeys.all, 'list'] as const,
  list: (params: StaffListParams) => [...staffKeys.lists(), params] as const,
};

const P = {
  list: '/api/backend/getStaffList',
  create: '/api/backend/createStaff',
  update: '/api/backend/updateStaff',
} as const;

export function useStaffList(params: StaffListParams) {
  return useQuery({
    queryKey: staffKeys.list(params),
    queryFn: () => orThrow(P.list, apiGet(P.list, params, { hideNotice: true })),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateStaff() {
  const queryClient = useQueryClient();
  // Role changes also change the order pickers (auditors, salesmen) other screens cache.
  return () => void queryClient.invalidateQueries({ queryKey: staffKeys.all });
}

export function useCreateStaff() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: (body: CreateStaffBody) => strictCall((options) => apiPost(P.create, body, options)),
    onSuccess: invalidate,
  });
}

export function useUpdateStaff() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: (body: UpdateStaffBody) => strictCall((options) => apiPost(P.update, body, options)),
    onSuccess: invalidate,
  });
}
