/**
 * The business time zone: every time and date the app shows, defaults or sends as a day is read
 * on the shop's clock (China time), whatever zone the viewer's browser is set to — a shipment at
 * 03:29 in Shanghai is 03:29 of that day in a browser in Los Angeles too, as the server's bills,
 * numbers and exports are. A setting: NEXT_PUBLIC_BUSINESS_TIME_ZONE (an IANA name) at build
 * time; unset or unknown falls back to Asia/Shanghai, the server's TIME_ZONE.
 */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

function knownZone(zone: string | undefined): string | null {
  if (!zone) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const BUSINESS_TIME_ZONE = knownZone(process.env.NEXT_PUBLIC_BUSINESS_TIME_ZONE) ?? DEFAULT_BUSINESS_TIME_ZONE;

export interface BusinessParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The instant's calendar day and clock time in the business zone, zero-padded. */
export function businessParts(date: Date, timeZone: string = BUSINESS_TIME_ZONE): BusinessParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return { year: parts.year ?? '', month: parts.month ?? '', day: parts.day ?? '', hour: parts.hour ?? '', minute: parts.minute ?? '' };
}

/** The business day of an instant (default: now) as "YYYY-MM-DD" — the date inputs' today. */
export function businessDay(date: Date = new Date(), timeZone: string = BUSINESS_TIME_ZONE): string {
  const { year, month, day } = businessParts(date, timeZone);
  return `${year}-${month}-${day}`;
}
