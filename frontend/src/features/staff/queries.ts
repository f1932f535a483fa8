import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { quietGet } from '@/api/reads';
import { strictCall } from '@/features/merchants/lib/apiError';
import type { AccountStatus, AssignableRole, FilterRole, StaffSide } from './lib/staffRoles';

export interface StaffListParams {
  keyword?: string;
  role?: FilterRole;
  status?: AccountStatus;
  page: number;
  page_size: number;
}
// Both sides answer the same staff rows (StaffListOut).
export type StaffList = ApiData<'/api/backend/getStaffList', 'get'>;
export type StaffRow = StaffList['list'][number];
export type CreateStaffBody = ApiBody<'/api/backend/createStaff', 'post'>;
export type UpdateStaffBody = ApiBody<'/api/backend/updateStaff', 'post'>;
export type CreatePlatformStaffBody = ApiBody<'/api/platform/createPlatformStaff', 'post'>;
export type UpdatePlatformStaffBody = ApiBody<'/api/platform/updatePlatformStaff', 'post'>;

/** What the forms send, on either side: the role codes are the side's (checked by its schema). */
export interface StaffCreateValues {
  username: string;
  password: string;
  name: string;
  phone: string;
  role_codes: AssignableRole[];
}
export interface StaffUpdateValues {
  id: number;
  name?: string;
  phone?: string;
  password?: string;
  status?: AccountStatus;
  reason?: string;
  role_codes?: AssignableRole[];
}

export const staffKeys = {
  all: ['staff'] as const,
  lists: (side: StaffSide) => [...staffKeys.all, side, 'list'] as const,
  list: (side: StaffSide, params: StaffListParams) => [...staffKeys.lists(side), params] as const,
};

const P = {
  store: { list: '/api/backend/getStaffList', create: '/api/backend/createStaff', update: '/api/backend/updateStaff' },
  platform: { list: '/api/platform/getPlatformStaffList', create: '/api/platform/createPlatformStaff', update: '/api/platform/updatePlatformStaff' },
} as const;

function staffListRead(side: StaffSide, params: StaffListParams): () => Promise<StaffList> {
  return side === 'platform'
    ? quietGet(P.platform.list, params as ApiQuery<typeof P.platform.list, 'get'>)
    : quietGet(P.store.list, params as ApiQuery<typeof P.store.list, 'get'>);
}

export function useStaffList(side: StaffSide, params: StaffListParams) {
  return useQuery({
    queryKey: staffKeys.list(side, params),
    queryFn: staffListRead(side, params),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateStaff() {
  const queryClient = useQueryClient();
  // Role changes also change the order pickers (auditors, salesmen) other screens cache.
  return () => void queryClient.invalidateQueries({ queryKey: staffKeys.all });
}

export function useCreateStaff(side: StaffSide) {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: (body: StaffCreateValues) =>
      strictCall((options) =>
        side === 'platform' ? apiPost(P.platform.create, body as CreatePlatformStaffBody, options) : apiPost(P.store.create, body as CreateStaffBody, options),
      ),
    onSuccess: invalidate,
  });
}

export function useUpdateStaff(side: StaffSide) {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: (body: StaffUpdateValues) =>
      strictCall((options) =>
        side === 'platform' ? apiPost(P.platform.update, body as UpdatePlatformStaffBody, options) : apiPost(P.store.update, body as UpdateStaffBody, options),
      ),
    onSuccess: invalidate,
  });
}
