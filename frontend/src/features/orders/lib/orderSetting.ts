/**
 * The shop's order settings (getOrderSetting / saveOrderSetting): when an unsigned order is
 * cancelled, when a parcel counts as received, the early buyout, and (issue 24) the early
 * return — a minimum term and the fee for returning before it. Shares travel as 0–1 strings
 * with four places and are typed as percentages; the conversion is done on digits, not floats.
 */
import { parseMoneyInput } from './money';
import { percentToShare, shareToPercent } from '@/lib/share';
import { FEE_MODES, isFeeMode, type FeeMode } from './returns';

export { percentToShare, shareToPercent };

/** The backend's bounds (apps/orders/schemas.py `OrderSettingIn`). */
export const SETTING_LIMITS = {
  unpaid_cancel_minutes: { min: 5, max: 7 * 24 * 60 },
  auto_receive_days: { min: 1, max: 60 },
  buyout_from_period: { min: 1, max: 120 },
  early_return_min_term: { min: 0, max: 120 },
} as const;
export type WholeField = keyof typeof SETTING_LIMITS;
export const WHOLE_FIELDS = Object.keys(SETTING_LIMITS) as WholeField[];

export interface OrderSettingForm {
  unpaid_cancel_minutes: string;
  auto_receive_days: string;
  buyout_from_period: string;
  early_return_min_term: string;
  /** Percent, 0–100 with at most two places. */
  early_buyout_discount_percent: string;
  early_return_fee_mode: FeeMode;
  /** Percent for `rate`, yuan for `fixed`, unused for `none`. */
  early_return_fee_value: string;
  /** Deposit-free on Zhima credit (docs/zhima.md). */
  zhima_deposit_free: boolean;
  zhima_service_id: string;
  zhima_category: string;
  zhima_deposit_mode: ZhimaDepositMode;
  zhima_violation_grace_days: string;
}

export const ZHIMA_DEPOSIT_MODES = ['POSTPAY', 'POSTPAY_UNCERTAIN', 'DEPOSIT_ONLY'] as const;
export type ZhimaDepositMode = (typeof ZHIMA_DEPOSIT_MODES)[number];
const isZhimaMode = (value: unknown): value is ZhimaDepositMode => ZHIMA_DEPOSIT_MODES.includes(value as ZhimaDepositMode);
/** The backend's bounds of the grace (days from the notice to a violation). */
export const GRACE_LIMITS = { min: 1, max: 90 } as const;

export interface OrderSettingValues {
  unpaid_cancel_minutes: number;
  auto_receive_days: number;
  buyout_from_period: number;
  early_buyout_discount_rate: string;
  early_return_min_term?: number;
  early_return_fee_mode?: string;
  early_return_fee_value?: string | null;
  zhima_deposit_free?: boolean;
  zhima_service_id?: string;
  zhima_category?: string;
  zhima_deposit_mode?: string;
  zhima_violation_grace_days?: number;
}

export interface OrderSettingBody {
  unpaid_cancel_minutes: number;
  auto_receive_days: number;
  buyout_from_period: number;
  early_buyout_discount_rate: string;
  early_return_min_term: number;
  early_return_fee_mode: FeeMode;
  early_return_fee_value: string;
  zhima_deposit_free: boolean;
  zhima_service_id: string;
  zhima_category: string;
  zhima_deposit_mode: ZhimaDepositMode;
  zhima_violation_grace_days: number;
}

export type SettingProblem = 'whole' | 'percent' | 'amount' | 'required' | 'serviceId' | 'grace';

export function settingForm(setting: OrderSettingValues): OrderSettingForm {
  const mode = setting.early_return_fee_mode && isFeeMode(setting.early_return_fee_mode) ? setting.early_return_fee_mode : 'none';
  const value = setting.early_return_fee_value ?? '';
  return {
    unpaid_cancel_minutes: String(setting.unpaid_cancel_minutes),
    auto_receive_days: String(setting.auto_receive_days),
    buyout_from_period: String(setting.buyout_from_period),
    early_return_min_term: String(setting.early_return_min_term ?? 0),
    early_buyout_discount_percent: shareToPercent(setting.early_buyout_discount_rate),
    early_return_fee_mode: mode,
    early_return_fee_value: mode === 'rate' ? shareToPercent(value) : mode === 'fixed' ? value : '',
    zhima_deposit_free: setting.zhima_deposit_free ?? false,
    zhima_service_id: setting.zhima_service_id ?? '',
    zhima_category: setting.zhima_category ?? '',
    zhima_deposit_mode: isZhimaMode(setting.zhima_deposit_mode) ? setting.zhima_deposit_mode : 'POSTPAY',
    zhima_violation_grace_days: String(setting.zhima_violation_grace_days ?? 7),
  };
}

/**
 * The fee of an early return as the API takes it: a share (rate), yuan (fixed), "0" for none;
 * null with the problem when the typed value is not one.
 */
export function feeValueOf(mode: FeeMode, text: string): { value: string } | { problem: SettingProblem } {
  if (mode === 'none') return { value: '0' };
  if (text.trim() === '') return { problem: 'required' };
  if (mode === 'rate') {
    const share = percentToShare(text);
    return share === null ? { problem: 'percent' } : { value: share };
  }
  const amount = parseMoneyInput(text);
  return amount === null ? { problem: 'amount' } : { value: amount };
}

/** The body of saveOrderSetting, or a problem per field. */
export function settingBody(form: OrderSettingForm): { body: OrderSettingBody } | { problems: Partial<Record<keyof OrderSettingForm, SettingProblem>> } {
  const problems: Partial<Record<keyof OrderSettingForm, SettingProblem>> = {};
  const whole: Partial<Record<WholeField, number>> = {};
  for (const field of WHOLE_FIELDS) {
    const text = form[field].trim();
    const { min, max } = SETTING_LIMITS[field];
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) problems[field] = 'whole';
    else whole[field] = Number(text);
  }
  const discount = percentToShare(form.early_buyout_discount_percent);
  if (discount === null) problems.early_buyout_discount_percent = 'percent';
  const fee = feeValueOf(form.early_return_fee_mode, form.early_return_fee_value);
  if ('problem' in fee) problems.early_return_fee_value = fee.problem;
  const serviceId = form.zhima_service_id.trim();
  if (form.zhima_deposit_free && serviceId === '') problems.zhima_service_id = 'serviceId';
  const grace = form.zhima_violation_grace_days.trim();
  if (!/^\d+$/.test(grace) || Number(grace) < GRACE_LIMITS.min || Number(grace) > GRACE_LIMITS.max) problems.zhima_violation_grace_days = 'grace';
  if (Object.keys(problems).length > 0 || discount === null || 'problem' in fee) return { problems };
  return {
    body: {
      unpaid_cancel_minutes: whole.unpaid_cancel_minutes!,
      auto_receive_days: whole.auto_receive_days!,
      buyout_from_period: whole.buyout_from_period!,
      early_return_min_term: whole.early_return_min_term!,
      early_buyout_discount_rate: discount,
      early_return_fee_mode: form.early_return_fee_mode,
      early_return_fee_value: fee.value,
      zhima_deposit_free: form.zhima_deposit_free,
      zhima_service_id: serviceId,
      zhima_category: form.zhima_category.trim(),
      zhima_deposit_mode: form.zhima_deposit_mode,
      zhima_violation_grace_days: Number(grace),
    },
  };
}

export { FEE_MODES };
