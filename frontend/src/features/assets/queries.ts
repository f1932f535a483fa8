import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { usePost } from '@/api/writes';
import { strictCall } from '@/lib/apiError';
import type {
  AssetReportQuery,
  FoundUnit,
  ReceiptListQuery,
  ReceiveTransferBody,
  ScanReceiptBody,
  ScanReceiptResult,
  TransferDetail,
  TransferListQuery,
  Unit,
  UnitListQuery,
} from './types';

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
  places: '/api/backend/getSubShopOptions',
  templates: '/api/backend/getInspectionTemplateList',
  saveTemplate: '/api/backend/saveInspectionTemplate',
  inspect: '/api/backend/createInspection',
  inspection: '/api/backend/getInspectionDetail',
  createWorkOrder: '/api/backend/createWorkOrder',
  updateWorkOrder: '/api/backend/updateWorkOrder',
  report: '/api/backend/getAssetReport',
  lives: '/api/backend/getAssetLifeList',
  saveLife: '/api/backend/saveAssetLife',
} as const;


export const assetKeys = {
  all: ['assets'] as const,
  places: () => [...assetKeys.all, 'places'] as const,
  units: () => [...assetKeys.all, 'units'] as const,
  unitList: (query: UnitListQuery) => [...assetKeys.units(), 'list', query] as const,
  unit: (id: number) => [...assetKeys.units(), 'detail', id] as const,
  suppliers: () => [...assetKeys.all, 'suppliers'] as const,
  supplierList: (keyword: string) => [...assetKeys.suppliers(), keyword] as const,
  receipts: () => [...assetKeys.all, 'receipts'] as const,
  receiptList: (query: ReceiptListQuery) => [...assetKeys.receipts(), 'list', query] as const,
  receipt: (id: number) => [...assetKeys.receipts(), 'detail', id] as const,
  transfers: () => [...assetKeys.all, 'transfers'] as const,
  transferList: (query: TransferListQuery) => [...assetKeys.transfers(), 'list', query] as const,
  transfer: (id: number) => [...assetKeys.transfers(), 'detail', id] as const,
  templates: () => [...assetKeys.all, 'templates'] as const,
  inspection: (id: number) => [...assetKeys.all, 'inspection', id] as const,
  report: (query: AssetReportQuery) => [...assetKeys.all, 'report', query] as const,
  lives: () => [...assetKeys.all, 'lives'] as const,
};

/** The shop's sub-shops (the places a unit can be besides the warehouse). */
export function usePlaceOptions(enabled = true) {
  return useQuery({ queryKey: assetKeys.places(), queryFn: quietGet(P.places), staleTime: 5 * 60_000, enabled });
}

// --- units -------------------------------------------------------------------------------------

/** The units list with its counts per status (under the same filters but the status). */
export function useUnits(query: UnitListQuery) {
  return useListRead(assetKeys.unitList(query), P.units, { ...query, warehouse: query.warehouse || undefined });
}

/** One unit with its history, orders and actions. strictCall keeps NOT_FOUND for RecordUnavailable. */
export function useUnitDetail(id: number | null) {
  return useQuery({
    queryKey: assetKeys.unit(id ?? 0),
    queryFn: () => strictCall((options) => apiGet(P.unit, { id: id ?? 0 }, options)),
    enabled: id !== null,
  });
}

/** A scan's lookup: the unit by serial, IMEI or MEID; with an order, whether it may ship for it. */
export function findUnit(code: string, orderId?: number | null): Promise<FoundUnit> {
  return strictCall((options) => apiGet(P.find, { code, ...(orderId ? { order_id: orderId } : {}) }, options));
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
  return usePost(P.recordSerial, { onSuccess: (saved) => refresh(saved) });
}

export function useAdjustUnit() {
  const refresh = useRefreshUnits();
  return usePost(P.adjust, { onSuccess: (saved) => refresh(saved) });
}

export function useCreateUnitLabels() {
  return usePost(P.labels);
}

// --- suppliers ---------------------------------------------------------------------------------

export function useSuppliers(keyword = '', enabled = true) {
  return useQuery({
    queryKey: assetKeys.supplierList(keyword),
    queryFn: quietGet(P.suppliers, { ...(keyword ? { keyword } : {}), page: 1, page_size: 100 }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return usePost(P.createSupplier, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: assetKeys.suppliers() }) });
}

// --- stock receipts ----------------------------------------------------------------------------

export function useReceipts(query: ReceiptListQuery) {
  return useListRead(assetKeys.receiptList(query), P.receipts, query);
}

export function useReceiptDetail(id: number | null) {
  return useQuery({
    queryKey: assetKeys.receipt(id ?? 0),
    queryFn: () => strictCall((options) => apiGet(P.receipt, { id: id ?? 0 }, options)),
    enabled: id !== null,
  });
}

export function useCreateReceipt() {
  const queryClient = useQueryClient();
  return usePost(P.createReceipt, {
    onSuccess: (saved) => {
      queryClient.setQueryData(assetKeys.receipt(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...assetKeys.receipts(), 'list'] });
    },
  });
}

/** One scan of a receipt: one unit made at the line's cost. */
export function scanStockReceipt(body: ScanReceiptBody): Promise<ScanReceiptResult> {
  return strictCall((options) => apiPost(P.scanReceipt, body, options));
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

export function useTransfers(query: TransferListQuery) {
  return useListRead(assetKeys.transferList(query), P.transfers, query);
}

export function useTransferDetail(id: number | null) {
  return useQuery({
    queryKey: assetKeys.transfer(id ?? 0),
    queryFn: () => strictCall((options) => apiGet(P.transfer, { id: id ?? 0 }, options)),
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
  return usePost(P.sendTransfer, { onSuccess: refresh });
}

/** Receives a transfer's units: all still in transit (`id` alone), those ticked (`unit_ids`) or one scanned (`codes`). */
export function useReceiveTransfer() {
  const refresh = useRefreshTransfers();
  return useMutation({
    mutationFn: (body: ReceiveTransferBody): Promise<TransferDetail> => strictCall((options) => apiPost(P.receiveTransfer, body, options)),
    onSuccess: refresh,
  });
}

// --- inspections, templates and work orders (issue 63) --------------------------------------------

/** The checklists and damage price list, the severities, cosmetic grades and fineness table. */
export function useInspectionTemplates(enabled = true) {
  return useQuery({ queryKey: assetKeys.templates(), queryFn: () => strictCall((options) => apiGet(P.templates, undefined, options)), enabled });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return usePost(P.saveTemplate, {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assetKeys.templates() });
      void queryClient.invalidateQueries({ queryKey: assetKeys.units() });
    },
  });
}

/** One inspection beside its shipping baseline. */
export function useInspectionDetail(id: number | null) {
  return useQuery({
    queryKey: assetKeys.inspection(id ?? 0),
    queryFn: () => strictCall((options) => apiGet(P.inspection, { id: id ?? 0 }, options)),
    enabled: id !== null,
  });
}

function useRefreshUnit() {
  const queryClient = useQueryClient();
  return (unitId: number) => {
    void queryClient.invalidateQueries({ queryKey: assetKeys.units() });
    void queryClient.invalidateQueries({ queryKey: assetKeys.unit(unitId) });
  };
}

export function useCreateInspection() {
  const refresh = useRefreshUnit();
  return usePost(P.inspect, { onSuccess: (saved) => refresh(saved.unit_id) });
}

export function useCreateWorkOrder() {
  const refresh = useRefreshUnit();
  return usePost(P.createWorkOrder, { onSuccess: (saved) => refresh(saved.unit_id) });
}

export function useUpdateWorkOrder() {
  const refresh = useRefreshUnit();
  return usePost(P.updateWorkOrder, { onSuccess: (saved) => refresh(saved.unit_id) });
}

/** The asset report under its filters (the screen keeps them in the URL). */
export function useAssetReport(query: AssetReportQuery) {
  return useListRead(assetKeys.report(query), P.report, { ...query, warehouse: query.warehouse || undefined });
}

// --- life and residual per category (the book value's straight line) -----------------------------

/** Each category's life (months) and residual (percent): the shop's, else its kind's default. */
export function useAssetLives(enabled = true) {
  return useQuery({ queryKey: assetKeys.lives(), queryFn: () => strictCall((options) => apiGet(P.lives, undefined, options)), enabled });
}

/** Sets a category's life and residual (both null: back to the default); book values move with it. */
export function useSaveAssetLife() {
  const queryClient = useQueryClient();
  return usePost(P.saveLife, {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assetKeys.lives() });
      void queryClient.invalidateQueries({ queryKey: [...assetKeys.all, 'report'] });
      void queryClient.invalidateQueries({ queryKey: assetKeys.units() });
    },
  });
}
