import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '@/api/client';
import { strictCall } from '@/lib/apiError';
import { orThrow } from '@/lib/query';
import { request, type CallOptions } from '@/lib/request';
import type {
  AdjustAction,
  CreateReceiptBody,
  FoundUnit,
  ReceiptDetail,
  ReceiptPage,
  RecordSerialBody,
  ScanReceiptBody,
  ScanReceiptResult,
  SendTransferBody,
  Supplier,
  SupplierBody,
  Page,
  TransferDetail,
  TransferPage,
  Unit,
  UnitDetail,
  UnitLabels,
  UnitListQuery,
  UnitPage,
} from './types';

/*
 * The calls go through the one request function; their paths are not in the committed OpenAPI
 * snapshot yet (the backend adds them on its branch), so the shapes are ./types.ts.
 */
const P = {
  units: '/api/backend/getUnitList',
  unit: '/api/backend/getUnitDetail',
  find: '/api/backend/findUnit',
  recordSerial: '/api/backend/recordUnitSerial',
  adjust: '/api/backend/adjustUnit',
  labels: '/api/backend/createUnitLabels',
  suppliers: '/api/backend/getSupplierList',
  createSupplier: '/api/backend/createSupplier',
  receipts: '/api/backend/getStockReceiptList',
  receipt: '/api/backend/getStockReceiptDetail',
  createReceipt: '/api/backend/createStockReceipt',
  scanReceipt: '/api/backend/scanStockReceipt',
  transfers: '/api/backend/getStockTransferList',
  transfer: '/api/backend/getStockTransferDetail',
  sendTransfer: '/api/backend/sendStockTransfer',
  receiveTransfer: '/api/backend/receiveStockTransfer',
} as const;

type Params = Record<string, string | number | boolean | undefined>;

function get<T>(path: string, params?: Params, options: CallOptions = { hideNotice: true }): Promise<T | false> {
  return request<T>(path, { ...options, method: 'GET', params });
}

function post<T>(path: string, body: unknown, options: CallOptions): Promise<T | false> {
  return request<T>(path, { ...options, method: 'POST', body });
}

export const assetKeys = {
  all: ['assets'] as const,
  units: () => [...assetKeys.all, 'units'] as const,
  unitList: (query: UnitListQuery) => [...assetKeys.units(), 'list', query] as const,
  unit: (id: number) => [...assetKeys.units(), 'detail', id] as const,
  find: (code: string, orderId: number | null) => [...assetKeys.all, 'find', code, orderId] as const,
  suppliers: (keyword: string) => [...assetKeys.all, 'suppliers', keyword] as const,
  receipts: () => [...assetKeys.all, 'receipts'] as const,
  receiptList: (query: Params) => [...assetKeys.receipts(), 'list', query] as const,
  receipt: (id: number) => [...assetKeys.receipts(), 'detail', id] as const,
  transfers: () => [...assetKeys.all, 'transfers'] as const,
  transferList: (query: Params) => [...assetKeys.transfers(), 'list', query] as const,
  transfer: (id: number) => [...assetKeys.transfers(), 'detail', id] as const,
};

/** The shop's sub-shops (the places a unit can be besides the warehouse). */
export function usePlaceOptions(enabled = true) {
  const path = '/api/backend/getSubShopOptions';
  return useQuery({ queryKey: [...assetKeys.all, 'places'], queryFn: () => orThrow(path, apiGet(path, undefined, { hideNotice: true })), staleTime: 5 * 60_000, enabled });
}

// --- units -------------------------------------------------------------------------------------

/** The units list with its counts per status (under the same filters but the status). */
export function useUnits(query: UnitListQuery) {
  return useQuery({
    queryKey: assetKeys.unitList(query),
    queryFn: () => orThrow(P.units, get<UnitPage>(P.units, { ...query, warehouse: query.warehouse || undefined })),
    placeholderData: keepPreviousData,
  });
}

/** One unit with its history, orders and actions. strictCall keeps NOT_FOUND for RecordUnavailable. */
export function useUnitDetail(id: number | null) {
  return useQuery({
    queryKey: assetKeys.unit(id ?? 0),
    queryFn: () => strictCall((options) => get<UnitDetail>(P.unit, { id: id ?? 0 }, options)),
    enabled: id !== null,
  });
}

/** A scan's lookup: the unit by serial, IMEI or MEID; with an order, whether it may ship for it. */
export function findUnit(code: string, orderId?: number | null): Promise<FoundUnit> {
  return strictCall((options) => get<FoundUnit>(P.find, { code, order_id: orderId ?? undefined }, options));
}

function useRefreshUnits() {
  const queryClient = useQueryClient();
  return (saved?: Unit) => {
    void queryClient.invalidateQueries({ queryKey: assetKeys.units() });
    if (saved) void queryClient.invalidateQueries({ queryKey: assetKeys.unit(saved.id) });
  };
}

export function useRecordSerial() {
  const refresh = useRefreshUnits();
  return useMutation({
    mutationFn: (body: RecordSerialBody) => strictCall((options) => post<Unit>(P.recordSerial, body, options)),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useAdjustUnit() {
  const refresh = useRefreshUnits();
  return useMutation({
    mutationFn: (body: { unit_id: number; action: AdjustAction; reason: string }) => strictCall((options) => post<Unit>(P.adjust, body, options)),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useCreateUnitLabels() {
  return useMutation({
    mutationFn: (body: { unit_ids: number[]; format: 'code128' | 'qr' }) => strictCall((options) => post<UnitLabels>(P.labels, body, options)),
  });
}

// --- suppliers ---------------------------------------------------------------------------------

export function useSuppliers(keyword = '', enabled = true) {
  return useQuery({
    queryKey: assetKeys.suppliers(keyword),
    queryFn: () => orThrow(P.suppliers, get<Page<Supplier>>(P.suppliers, { keyword: keyword || undefined, page: 1, page_size: 100 })),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupplierBody) => strictCall((options) => post<Supplier>(P.createSupplier, body, options)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...assetKeys.all, 'suppliers'] }),
  });
}

// --- stock receipts ----------------------------------------------------------------------------

export function useReceipts(query: Params) {
  return useQuery({
    queryKey: assetKeys.receiptList(query),
    queryFn: () => orThrow(P.receipts, get<ReceiptPage>(P.receipts, query)),
    placeholderData: keepPreviousData,
  });
}

export function useReceiptDetail(id: number | null) {
  return useQuery({
    queryKey: assetKeys.receipt(id ?? 0),
    queryFn: () => strictCall((options) => get<ReceiptDetail>(P.receipt, { id: id ?? 0 }, options)),
    enabled: id !== null,
  });
}

export function useCreateReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReceiptBody) => strictCall((options) => post<ReceiptDetail>(P.createReceipt, body, options)),
    onSuccess: (saved) => {
      queryClient.setQueryData(assetKeys.receipt(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...assetKeys.receipts(), 'list'] });
    },
  });
}

/** One scan of a receipt: one unit made at the line's cost. */
export function scanStockReceipt(body: ScanReceiptBody): Promise<ScanReceiptResult> {
  return strictCall((options) => post<ScanReceiptResult>(P.scanReceipt, body, options));
}

/** After scans: the receipt's lines and the lists follow (once, not on every scan). */
export function useRefreshReceipt() {
  const queryClient = useQueryClient();
  return (id: number) => {
    void queryClient.invalidateQueries({ queryKey: assetKeys.receipt(id) });
    void queryClient.invalidateQueries({ queryKey: [...assetKeys.receipts(), 'list'] });
    void queryClient.invalidateQueries({ queryKey: assetKeys.units() });
  };
}

// --- transfers ---------------------------------------------------------------------------------

export function useTransfers(query: Params) {
  return useQuery({
    queryKey: assetKeys.transferList(query),
    queryFn: () => orThrow(P.transfers, get<TransferPage>(P.transfers, query)),
    placeholderData: keepPreviousData,
  });
}

export function useTransferDetail(id: number | null) {
  return useQuery({
    queryKey: assetKeys.transfer(id ?? 0),
    queryFn: () => strictCall((options) => get<TransferDetail>(P.transfer, { id: id ?? 0 }, options)),
    enabled: id !== null,
  });
}

function useRefreshTransfers() {
  const queryClient = useQueryClient();
  return (saved: TransferDetail) => {
    queryClient.setQueryData(assetKeys.transfer(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: [...assetKeys.transfers(), 'list'] });
    void queryClient.invalidateQueries({ queryKey: assetKeys.units() });
  };
}

export function useSendTransfer() {
  const refresh = useRefreshTransfers();
  return useMutation({
    mutationFn: (body: SendTransferBody) => strictCall((options) => post<TransferDetail>(P.sendTransfer, body, options)),
    onSuccess: refresh,
  });
}

export function useReceiveTransfer() {
  const refresh = useRefreshTransfers();
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => post<TransferDetail>(P.receiveTransfer, { id }, options)),
    onSuccess: refresh,
  });
}
