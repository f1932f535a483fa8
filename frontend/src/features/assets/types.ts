/**
 * The assets calls' shapes as agreed with the backend (/work/notes/assets-api.md, issue 43 step
 * 2). Written by hand until the calls are in the committed OpenAPI snapshot; then each becomes
 * an alias of the generated type (`ApiData<'/api/backend/getUnitList', 'get'>` …).
 */

export interface Unit {
  id: number;
  sku_id: number;
  sku_name: string;
  goods_id: number;
  goods_name: string;
  serial_number: string;
  imei1: string;
  imei2: string;
  meid: string;
  grade: string;
  grade_label: string;
  status: string;
  status_label: string;
  /** null: the shop's warehouse. */
  sub_shop_id: number | null;
  place_name: string;
  cost: string;
  supplier_id: number | null;
  supplier_name: string;
  receipt_id: number | null;
  acquired_at: string | null;
  order_id: number | null;
  order_no: string;
  updated_at: string;
}

export type StatusCounts = Record<string, number>;

export interface Page<T> {
  list: T[];
  total: number;
  total_capped?: boolean;
}

export interface UnitPage extends Page<Unit> {
  status_counts: StatusCounts;
}

export interface UnitListQuery {
  status?: string;
  sku_id?: number;
  sub_shop_id?: number;
  warehouse?: boolean;
  grade?: string;
  supplier_id?: number;
  keyword?: string;
  page: number;
  page_size: number;
}

export interface UnitHistoryEntry {
  at: string;
  action: string;
  action_label: string;
  from_status: string;
  to_status: string;
  from_place: string;
  to_place: string;
  reason: string;
  order_id: number | null;
  order_no: string;
  receipt_id: number | null;
  transfer_id: number | null;
  actor_name: string;
}

export interface UnitOrder {
  order_id: number;
  order_no: string;
  status: string;
  shipped_at: string | null;
  returned_at: string | null;
  paid: string;
}

export interface UnitAction {
  action: string;
  allowed: boolean;
  reason_disabled: string;
}

export interface UnitDetail extends Unit {
  history: UnitHistoryEntry[];
  orders: UnitOrder[];
  actions: UnitAction[];
}

export interface ShipCheck {
  ok: boolean;
  reason: string;
}

export interface FoundUnit {
  unit: Unit | null;
  ship_check: ShipCheck | null;
}

export interface RecordSerialBody {
  unit_id: number;
  serial_number?: string;
  imei1?: string;
  imei2?: string;
  meid?: string;
}

export type AdjustAction = 'lose' | 'find' | 'restock';

export interface UnitLabels {
  url: string;
  expires_at: string;
  count: number;
}

export interface Supplier {
  id: number;
  name: string;
  contact: string;
  phone: string;
  note: string;
  created_at: string;
  unit_count: number;
}

export interface SupplierBody {
  name: string;
  contact?: string;
  phone?: string;
  note?: string;
}

export interface ReceiptRow {
  id: number;
  receipt_no?: string;
  supplier_id: number;
  supplier_name: string;
  receipt_date: string;
  invoice_no: string;
  status: string;
  status_label: string;
  expected: number;
  scanned: number;
  total_cost: string;
  created_at: string;
}

export interface ReceiptPage extends Page<ReceiptRow> {
  status_counts: StatusCounts;
}

export interface ReceiptLine {
  id: number;
  sku_id: number;
  sku_name: string;
  goods_name: string;
  expected_quantity: number;
  received_quantity: number;
  unit_cost: string;
}

export interface ReceiptDetail extends ReceiptRow {
  lines: ReceiptLine[];
  units: Unit[];
}

export interface CreateReceiptBody {
  supplier_id: number;
  receipt_date: string;
  invoice_no?: string;
  attachment_path?: string;
  lines: { sku_id: number; expected_quantity: number; unit_cost: string }[];
  idempotency_key: string;
}

export interface ScanReceiptBody {
  receipt_id: number;
  line_id: number;
  code: string;
  grade?: string;
}

export interface ScanReceiptResult {
  unit: Unit;
  line: ReceiptLine;
  expected: number;
  scanned: number;
}

export interface TransferRow {
  id: number;
  from_sub_shop_id: number | null;
  from_name: string;
  to_sub_shop_id: number | null;
  to_name: string;
  status: string;
  status_label: string;
  unit_count: number;
  sent_at: string | null;
  received_at: string | null;
  sent_by: string;
  received_by: string;
}

export interface TransferPage extends Page<TransferRow> {
  status_counts: StatusCounts;
}

export interface TransferDetail extends TransferRow {
  units: Unit[];
}

export interface SendTransferBody {
  from_sub_shop_id: number | null;
  to_sub_shop_id: number | null;
  codes?: string[];
  unit_ids?: number[];
  idempotency_key: string;
}
