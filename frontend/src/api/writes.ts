/**
 * The shape of every write a screen makes: one POST whose failure the screen explains itself
 * (field errors, a refusal's reason), so the request layer's notice stays quiet and the failure
 * reaches the component as an ApiError (`@/lib/apiError`).
 */
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { strictCall } from '@/lib/apiError';
import { apiPost, type ApiBody, type ApiData, type PostPath } from './client';

/** A mutation function posting its variables as the body of `path`. */
export function strictPost<P extends PostPath>(path: P): (body: ApiBody<P, 'post'>) => Promise<ApiData<P, 'post'>> {
  return (body) => strictCall((options) => apiPost(path, body, options));
}

/** A mutation of `path` (its variables are the call's body), with what follows a success. */
export function usePost<P extends PostPath>(path: P, options: Omit<UseMutationOptions<ApiData<P, 'post'>, Error, ApiBody<P, 'post'>>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: strictPost(path) });
}
