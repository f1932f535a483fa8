import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormSetError } from 'react-hook-form';
import { asApiError, fieldErrorsOf } from './apiError';
import { notify } from './notice';

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
  const refusal = refusalOf(error, fallback, options.codeFields);
  if ('fields' in refusal) {
    for (const [name, message] of Object.entries(refusal.fields)) setError(name as Path<V>, { message }, options.focus ? { shouldFocus: true } : undefined);
  } else setFormError(refusal.message);
}

/**
 * What a person reads of a refused save: the fields the server names (in `data.fields`, or by a
 * code in `codeFields`), each to stand beside its input; when it names none, one message for the
 * form's error line, the server's (else `fallback`).
 */
export function refusalOf(error: unknown, fallback: string, codeFields?: Partial<Record<number, string>>): { fields: Record<string, string> } | { message: string } {
  const apiError = asApiError(error);
  const fields = apiError ? fieldErrorsOf(apiError, { codeFields }) : {};
  return Object.keys(fields).length > 0 ? { fields } : { message: apiError?.message || fallback };
}

/**
 * A form kept in plain state that checks itself before it saves: `submit(found, save)` shows the
 * problems `found` (a message per field, undefined where it is fine) and stops at the first; else
 * it runs `save`, and a refusal shows as `refusalOf` reads it, in `errors` or in `failure`
 * (`fallback` when the server gave no message). Each submit clears the last one's failure.
 */
export function useCheckedSave(fallback: string) {
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (found: Record<string, string | undefined>, save: () => Promise<void>) => {
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    try {
      await save();
    } catch (error) {
      const refusal = refusalOf(error, fallback);
      if ('fields' in refusal) setErrors(refusal.fields);
      else setFailure(refusal.message);
    }
  };
  return { errors, failure, submit };
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

/**
 * A settings dialog's form: `showProblems` shows its own problems (a message per field);
 * `saveAndClose(save)` runs the save, says `texts.saved` and closes the dialog once it goes
 * through; a refusal keeps it open with the server's message (else `texts.failed`) and marks the
 * fields the server names, in the words `fieldText` gives them (the server's own by default).
 */
export function useSettingsSave(texts: { saved: string; failed: string }, onClose: () => void, fieldText: (fields: Record<string, string>) => Record<string, string> = (fields) => fields) {
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const showProblems = (found: Record<string, string>) => {
    setFailure(null);
    setErrors(found);
  };
  const saveAndClose = async (save: () => Promise<unknown>) => {
    showProblems({});
    try {
      await save();
      notify({ kind: 'success', message: { raw: texts.saved } });
      onClose();
    } catch (error) {
      const apiError = asApiError(error);
      if (apiError) setErrors(fieldText(fieldErrorsOf(apiError)));
      setFailure(apiError?.message || texts.failed);
    }
  };
  return { errors, failure, showProblems, saveAndClose };
}
