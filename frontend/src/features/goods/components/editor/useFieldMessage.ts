'use client';

import { useTranslations } from 'next-intl';
import type { FieldError } from 'react-hook-form';

/** Client checks carry a catalogue key (goods.validation.*); server errors carry the server's text. */
export function useFieldMessage() {
  const t = useTranslations('goods.validation');
  return (error: FieldError | { message?: string; type?: string } | undefined): string | undefined => {
    if (!error?.message) return undefined;
    if (error.type === 'server') return error.message;
    return t.has(error.message as 'required') ? t(error.message as 'required') : error.message;
  };
}
