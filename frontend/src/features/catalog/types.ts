import type { ApiBody, ApiData } from '@/api/client';

export type CategoryNode = ApiData<'/api/platform/getCategoryList', 'get'>[number];
export type CategoryCreateBody = ApiBody<'/api/platform/createCategory', 'post'>;
export type CategoryUpdateBody = ApiBody<'/api/platform/updateCategory', 'post'>;
