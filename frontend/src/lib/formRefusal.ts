import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormSetError } from 'react-hook-form';
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

/**
 * A dialog's form whose save the server may refuse: `onSubmit` runs `save` with the valid values
 * and shows a refusal as `showFormRefusal` does (`formError` is the form's error line, cleared at
 * the next submit; `refusal.fallback` when the server gave no message). `save` says what follows a success (closing the dialog, a notice).
 */
export function useRefusableForm<V extends FieldValues>(
  options: UseFormProps<V>,
  refusal: { fallback: string; codeFields?: Partial<Record<number, string>>; focus?: boolean },
  save: (values: V) => Promise<void>,
) {
  const form = useForm<V>(options);
  const [formError, setFormError] = useState<string>();
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save(values);
    } catch (error) {
      showFormRefusal(error, form.setError, setFormError, refusal.fallback, refusal);
    }
  });
  return { ...form, formError, onSubmit };
}
