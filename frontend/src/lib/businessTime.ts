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

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:05" as [9, 5], or null when it is not a clock time "HH:mm" (24-hour). */
export function typedClock(text: string): [number, number] | null {
  const match = CLOCK.exec(text.trim().replace(/^(\d):/, '0$1:'));
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * The instant a day and clock time name on the business clock ("2026-11-25", "09:30" → the
 * instant 01:30 UTC), as an ISO string for the server; null when either is not one. A time
 * typed on the shop's clock means the same instant whatever the viewer's browser zone is.
 */
export function businessInstant(day: string, clock: string, timeZone: string = BUSINESS_TIME_ZONE): string | null {
  const dayMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const time = typedClock(clock);
  if (!dayMatch || !time) return null;
  const wall = Date.UTC(Number(dayMatch[1]), Number(dayMatch[2]) - 1, Number(dayMatch[3]), time[0], time[1]);
  if (Number.isNaN(wall)) return null;
  // The zone's offset at that instant, found from its wall clock there (twice: a zone that
  // changes its offset near the time settles on the second reading).
  let instant = wall;
  for (let round = 0; round < 2; round += 1) {
    const parts = businessParts(new Date(instant), timeZone);
    const shown = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
    instant += wall - shown;
  }
  return new Date(instant).toISOString();
}

/** The business clock's day and "HH:mm" of an instant (a date-time field's starting value). */
export function businessClock(date: Date, timeZone: string = BUSINESS_TIME_ZONE): { day: string; time: string } {
  const { year, month, day, hour, minute } = businessParts(date, timeZone);
  return { day: `${year}-${month}-${day}`, time: `${hour}:${minute}` };
}
