import { useTranslations } from 'next-intl';
import { asApiError } from '@/lib/apiError';
import { PROVIDER_FAILED } from '../lib/notary';

/** A failure of a step as a sentence: the server's own words, the notary service's outage in ours. */
export function useStepFailure() {
  const t = useTranslations('notary');
  return (error: unknown): string => {
    const apiError = asApiError(error);
    if (apiError?.code === PROVIDER_FAILED) return t('errors.provider');
    if (apiError?.isTransport) return t('errors.transport');
    return apiError?.message || t('errors.failed');
  };
}
