/**
 * The risk balance and its recharges (apps/risk, tenants/risk): statuses and their tones, the
 * screens' URL state, the recharge forms' checks, a voucher photo shrunk before it is sent, and
 * the recharge timeline as the kit's history entries. Amounts stay decimal strings (lib/money).
 */
import type { Tone } from '@/components/StatusBadge';
import type { HistoryEntry } from '@/components/history/HistoryList';
import { statusTimeline, type StatusMoveRow } from '@/components/history/statusTimeline';
import { readDay, readEnum, readId, readPage, readPageSize, readText, toSearch, DEFAULT_PAGE_SIZE } from '@/components/filters/listState';
import { notAbove, parseMoneyInput } from '@/lib/money';

export const RECHARGE_STATUSES = ['paying', 'pending', 'credited', 'failed', 'rejected'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];
export const RECHARGE_METHODS = ['qr', 'offline'] as const;
export type RechargeMethod = (typeof RECHARGE_METHODS)[number];
export const BILL_TYPES = ['recharge', 'charge'] as const;
export type RiskBillType = (typeof BILL_TYPES)[number];
export const SOURCES = ['intake', 'manual'] as const;

/** Refusals the screens explain in their own words. */
export const IDEMPOTENCY_KEY_REUSED = 1101;
export const RISK_BALANCE_SHORT = 1501;
export const PROVIDER_FAILED = 1012;
export const CONFLICT = 409;
/** The backend's bounds (tenants/risk/rules.py). */
export const RECHARGE_MIN = '10.00';
export const RECHARGE_MAX = '100000.00';
export const REMARK_MAX = 200;
export const REJECT_REASON_MAX = 300;
/** A voucher is sent as a JPEG or PNG of at most 1.5 MB; photos are shrunk to this many pixels on the long side first. */
export const VOUCHER_MAX_BYTES = 1536 * 1024;
export const VOUCHER_LONG_SIDE = 1600;
/** How often a waiting QR payment is asked about. */
export const PAY_POLL_MS = 2000;

const TONES: Record<RechargeStatus, Tone> = {
  paying: 'sky',
  pending: 'amber',
  credited: 'green',
  failed: 'red',
  rejected: 'red',
};

export function isRechargeStatus(value: string): value is RechargeStatus {
  return (RECHARGE_STATUSES as readonly string[]).includes(value);
}

export function rechargeTone(status: string): Tone {
  return isRechargeStatus(status) ? TONES[status] : 'slate';
}

/** A risk grade's tone: A/B pass, C a person looks, D/E refuse. */
export function gradeTone(grade: string): Tone {
  if (grade === 'A' || grade === 'B') return 'green';
  if (grade === 'C') return 'amber';
  if (grade === 'D' || grade === 'E') return 'red';
  return 'slate';
}

// --- /riskRecharge: the views and their URL state ------------------------------------------------

export const RISK_VIEWS = ['bills', 'recharges', 'queries'] as const;
export type RiskView = (typeof RISK_VIEWS)[number];

export interface RiskScreenState {
  view: RiskView;
  type?: RiskBillType;
  status?: RechargeStatus;
  method?: RechargeMethod;
  query_type: string;
  date_from: string;
  date_to: string;
  page: number;
  page_size: number;
}

export function parseRiskScreenState(params: URLSearchParams): RiskScreenState {
  return {
    view: readEnum(params, 'view', RISK_VIEWS) ?? 'bills',
    type: readEnum(params, 'type', BILL_TYPES),
    status: readEnum(params, 'status', RECHARGE_STATUSES),
    method: readEnum(params, 'method', RECHARGE_METHODS),
    query_type: readText(params, 'query_type', 30),
    date_from: readDay(params, 'date_from'),
    date_to: readDay(params, 'date_to'),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function riskScreenSearch(state: RiskScreenState): string {
  return toSearch({ ...state }, { view: 'bills', page: 1, page_size: DEFAULT_PAGE_SIZE });
}

/** A view's link: its own filters start empty. */
export function riskViewHref(view: RiskView): string {
  return view === 'bills' ? '/riskRecharge' : `/riskRecharge?view=${view}`;
}

export function hasRiskFilters(state: RiskScreenState): boolean {
  if (state.date_from || state.date_to) return true;
  if (state.view === 'bills') return Boolean(state.type);
  if (state.view === 'recharges') return Boolean(state.status || state.method);
  return Boolean(state.query_type);
}

function dates(state: { date_from: string; date_to: string }) {
  return { ...(state.date_from ? { date_from: state.date_from } : {}), ...(state.date_to ? { date_to: state.date_to } : {}) };
}

/** getRiskBillList's filters (also the `risk_bills` export's). */
export function billFilters(state: RiskScreenState) {
  return { ...dates(state), ...(state.type ? { type: state.type } : {}) };
}

/** chartRiskListDetail's filters (also the `risk_queries` export's). */
export function queryFilters(state: RiskScreenState) {
  return { ...dates(state), query_type: state.query_type, order_no: '' };
}

/** merChartList's filters on the store side. */
export function rechargeFilters(state: RiskScreenState) {
  return { ...dates(state), ...(state.status ? { status: state.status } : {}), ...(state.method ? { method: state.method } : {}) };
}

export function paged<T extends object>(filters: T, state: { page: number; page_size: number }) {
  return { ...filters, page: state.page, page_size: state.page_size };
}

// --- /rechargeAudit: the platform's URL state ----------------------------------------------------

/** The audit opens on what waits for it: `all` lists every status. */
export type AuditStatus = RechargeStatus | 'all';
const AUDIT_STATUSES: readonly AuditStatus[] = [...RECHARGE_STATUSES, 'all'];

export interface AuditListState {
  status: AuditStatus;
  method?: RechargeMethod;
  merchant_id?: number;
  recharge_no: string;
  date_from: string;
  date_to: string;
  page: number;
  page_size: number;
}

export function parseAuditListState(params: URLSearchParams): AuditListState {
  return {
    status: readEnum(params, 'status', AUDIT_STATUSES) ?? 'pending',
    method: readEnum(params, 'method', RECHARGE_METHODS),
    merchant_id: readId(params, 'merchant_id'),
    recharge_no: readText(params, 'recharge_no', 32),
    date_from: readDay(params, 'date_from'),
    date_to: readDay(params, 'date_to'),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function auditListSearch(state: AuditListState): string {
  return toSearch({ ...state }, { status: 'pending', page: 1, page_size: DEFAULT_PAGE_SIZE });
}

export function hasAuditFilters(state: AuditListState): boolean {
  return Boolean(state.method || state.merchant_id || state.recharge_no || state.date_from || state.date_to);
}

export function auditListQuery(state: AuditListState) {
  return {
    ...dates(state),
    ...(state.status !== 'all' ? { status: state.status } : {}),
    ...(state.method ? { method: state.method } : {}),
    ...(state.merchant_id ? { merchant_id: state.merchant_id } : {}),
    ...(state.recharge_no ? { recharge_no: state.recharge_no } : {}),
    page: state.page,
    page_size: state.page_size,
  };
}

// --- the recharge forms --------------------------------------------------------------------------

export type AmountProblem = 'required' | 'invalid' | 'tooLow' | 'tooHigh';

/** A recharge amount: positive, two places, within the backend's bounds. */
export function rechargeAmount(text: string): { amount: string } | { problem: AmountProblem } {
  if (text.trim() === '') return { problem: 'required' };
  const amount = parseMoneyInput(text);
  if (amount === null) return { problem: 'invalid' };
  if (!notAbove(RECHARGE_MIN, amount)) return { problem: 'tooLow' };
  if (!notAbove(amount, RECHARGE_MAX)) return { problem: 'tooHigh' };
  return { amount };
}

/** The picture types a voucher may be (the backend reads the bytes, not the name). */
export function voucherTypeAccepted(type: string): boolean {
  return type === 'image/jpeg' || type === 'image/png';
}

/** The base64 of a data URL ("data:image/jpeg;base64,AAAA" → "AAAA"). */
export function base64Of(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma >= 0 ? dataUrl.slice(comma + 1) : '';
}

/** How many bytes `base64` decodes to. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** A scale that fits `width` × `height` within `longSide` (never enlarging). */
export function fitScale(width: number, height: number, longSide = VOUCHER_LONG_SIDE): number {
  const long = Math.max(width, height);
  return long > longSide ? longSide / long : 1;
}

/**
 * A voucher photo as the backend takes it: a JPEG (or the PNG as it is, when small enough)
 * shrunk to VOUCHER_LONG_SIDE pixels on its long side. Answers the base64 and a preview URL.
 */
export async function voucherFromFile(file: File): Promise<{ base64: string; preview: string }> {
  const original = await readAsDataUrl(file);
  if (file.type === 'image/png' && file.size <= VOUCHER_MAX_BYTES) return { base64: base64Of(original), preview: original };
  const image = await loadImage(original);
  const scale = fitScale(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) return { base64: base64Of(original), preview: original };
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const shrunk = canvas.toDataURL('image/jpeg', 0.85);
  return { base64: base64Of(shrunk), preview: shrunk };
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('not a picture'));
    image.src = src;
  });
}

// --- the timeline ----------------------------------------------------------------------------------

export type RechargeTimelineRow = StatusMoveRow;

/** A recharge's status moves as the kit's history entries ("充值状态 由 待审核 改为 已到账"). */
export function rechargeTimeline(rows: readonly RechargeTimelineRow[]): HistoryEntry[] {
  return statusTimeline(rows, 'risk_recharge', 'recharge_status');
}
