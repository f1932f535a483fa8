/**
 * Plain calendar days as the API sends them (`YYYY-MM-DD`), computed on the day numbers alone
 * (UTC arithmetic, never the browser's zone): the date picker's month grid and the typing it
 * accepts.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day as `YYYY-MM-DD` if it is a real calendar day, else null. */
export function validDay(text: string): string | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? text : null;
}

/**
 * What a person types, as a day: `2026-11-01`, `2026/11/1`, `2026.11.01`, `20261101` and
 * `2026年11月1日` all read as `2026-11-01`; anything else (or not a real day) is null.
 */
export function typedDay(text: string): string | null {
  const trimmed = text.trim();
  const digits = /^(\d{4})(\d{2})(\d{2})$/.exec(trimmed);
  if (digits) return validDay(`${digits[1]}-${digits[2]}-${digits[3]}`);
  const parts = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(trimmed);
  if (!parts) return null;
  const [, year = '', month = '', day = ''] = parts;
  return validDay(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
}

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const date = toUtc(day);
  date.setUTCDate(date.getUTCDate() + count);
  return fromUtc(date);
}

/** The first day of the month `count` months after the month of `day`. */
export function addMonths(day: string, count: number): string {
  const date = toUtc(day);
  return fromUtc(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1)));
}

/** The first day of `day`'s month. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/**
 * The weeks of the month of `month` (its first day), Monday first as calendars in China are:
 * each week seven days, the days of the months around it filling the first and last weeks.
 */
export function monthWeeks(month: string): string[][] {
  const first = toUtc(month);
  const back = (first.getUTCDay() + 6) % 7; // days since Monday
  let day = addDays(month, -back);
  const weeks: string[][] = [];
  while (weeks.length < 6 && (weeks.length === 0 || day.slice(0, 7) <= month.slice(0, 7))) {
    const week: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Whether `day` lies within the optional bounds (inclusive). */
export function dayAllowed(day: string, min?: string, max?: string): boolean {
  return (!min || day >= min) && (!max || day <= max);
}
