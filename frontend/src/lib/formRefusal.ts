import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { asApiError, fieldErrorsOf } from './apiError';

/**
 * A form's refused submit where a person reads it: each field the server names (in `data.fields`,
 * or by a code in `codeFields`) beside its input, the first focused when `focus`; when it names
 * none, the server's message (else `fallback`) for the form's error line.
 */
export function showFormRefusal<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  setFormError: (message: string) => void,
  fallback: string,
  options: { codeFields?: Partial<Record<number, string>>; focus?: boolean } = {},
): void {
  const apiError = asApiError(error);
  const fields = apiError ? fieldErrorsOf(apiError, { codeFields: options.codeFields }) : {};
  for (const [name, message] of Object.entries(fields)) setError(name as Path<V>, { message }, options.focus ? { shouldFocus: true } : undefined);
  if (Object.keys(fields).length === 0) setFormError(apiError?.message || fallback);
}
