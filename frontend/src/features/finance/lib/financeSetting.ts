/**
 * The shop's finance settings (apps/billing/latefees.py): the late-fee rates, in percent of the
 * unpaid amount per day (one for the first `late_fee_tier_days` days overdue, another after),
 * and the days before the due date a reminder SMS goes. Each field is the shop's own or follows
 * the platform's default; saving null sends a field back to the default.
 *
 * In the form an empty field means "the platform's default". Rates stay decimal strings (four
 * places at most) and are compared as integers of 1/10000 percent, never as floats.
 */
export const SETTING_FIELDS = ['late_fee_rate_early', 'late_fee_rate_late', 'reminder_days_before'] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];
export const RATE_FIELDS = ['late_fee_rate_early', 'late_fee_rate_late'] as const satisfies readonly SettingField[];

/** The backend's bounds (latefees.MAX_RATE, MAX_REMINDER_DAYS). */
export const RATE_MAX = '5';
export const REMINDER_DAYS_MAX = 15;

export type SettingForm = Record<SettingField, string>;
export type SettingProblem = 'rate' | 'days';

interface SettingValues {
  late_fee_rate_early: string;
  late_fee_rate_late: string;
  reminder_days_before: number;
  own: readonly string[];
}

const RATE = /^(\d{1,2})(?:\.(\d{1,4}))?$/;

/** "0.0500" → 500n (ten-thousandths of a percent); not a rate → null. */
function rateUnits(text: string): bigint | null {
  const match = RATE.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 10000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

/** A rate as people read it: "0.0500" → "0.05", "1.2500" → "1.25", "0.1234" kept. */
export function rateText(rate: string): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(rate.trim());
  if (!match) return rate;
  const fraction = (match[2] ?? '').replace(/0+$/, '').padEnd(2, '0');
  return `${match[1]}.${fraction}`;
}

/** Whether the shop set the field itself (else it follows the platform's default). */
export function isOwn(setting: { own: readonly string[] }, field: SettingField): boolean {
  return setting.own.includes(field);
}

/** The form for a setting: the shop's own values filled in, the fields it left to the platform empty. */
export function settingForm(setting: SettingValues): SettingForm {
  const value = (field: SettingField) => {
    if (!isOwn(setting, field)) return '';
    return field === 'reminder_days_before' ? String(setting.reminder_days_before) : rateText(setting[field]);
  };
  return { late_fee_rate_early: value('late_fee_rate_early'), late_fee_rate_late: value('late_fee_rate_late'), reminder_days_before: value('reminder_days_before') };
}

export interface SettingBody {
  late_fee_rate_early: string | null;
  late_fee_rate_late: string | null;
  reminder_days_before: number | null;
}

/**
 * What the save sends: every field, an empty one as null (the platform's default). A rate is
 * 0–5 percent a day with at most four places; reminder days a whole number from 0 to 15.
 */
export function settingBody(form: SettingForm): { body: SettingBody } | { problems: Partial<Record<SettingField, SettingProblem>> } {
  const problems: Partial<Record<SettingField, SettingProblem>> = {};
  const rate = (field: (typeof RATE_FIELDS)[number]): string | null => {
    const text = form[field].trim();
    if (text === '') return null;
    const units = rateUnits(text);
    if (units === null || units > rateUnits(RATE_MAX)!) {
      problems[field] = 'rate';
      return null;
    }
    return text;
  };
  const early = rate('late_fee_rate_early');
  const late = rate('late_fee_rate_late');
  const daysText = form.reminder_days_before.trim();
  let days: number | null = null;
  if (daysText !== '') {
    if (/^\d{1,2}$/.test(daysText) && Number(daysText) <= REMINDER_DAYS_MAX) days = Number(daysText);
    else problems.reminder_days_before = 'days';
  }
  if (Object.keys(problems).length > 0) return { problems };
  return { body: { late_fee_rate_early: early, late_fee_rate_late: late, reminder_days_before: days } };
}
