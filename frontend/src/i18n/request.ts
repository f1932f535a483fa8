import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE } from './config';

export default getRequestConfig(async () => {
  const stored = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(stored) ? stored : DEFAULT_LOCALE;
  // The locale's catalogue: the app-wide texts merged with every feature's (./catalogues).
  const messages = (await import(`./catalogues/${locale}`)).default;
  return { locale, messages };
});
