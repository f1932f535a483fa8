/**
 * The assets calls' types, from the generated OpenAPI schema (issue 43 step 2; the agreed shape
 * is /work/notes/assets-api.md, the backend's is apps/assets/schemas/).
 */
import type { ApiBody, ApiData, ApiQuery } from '@/api/client';

export type UnitPage = ApiData<'/api/backend/getUnitList', 'get'>;
export type Unit = UnitPage['list'][number];
export type UnitListQuery = NonNullable<ApiQuery<'/api/backend/getUnitList', 'get'>>;
export type StatusCounts = UnitPage['status_counts'];
export type UnitDetail = ApiData<'/api/backend/getUnitDetail', 'get'>;
export type UnitHistoryEntry = UnitDetail['history'][number];
export type UnitOrder = UnitDetail['orders'][number];
export type UnitAction = UnitDetail['actions'][number];
export type FoundUnit = ApiData<'/api/backend/findUnit', 'get'>;
export type RecordSerialBody = ApiBody<'/api/backend/recordUnitSerial', 'post'>;
export type AdjustUnitBody = ApiBody<'/api/backend/adjustUnit', 'post'>;
export type AdjustAction = AdjustUnitBody['action'];
export type LabelsBody = ApiBody<'/api/backend/createUnitLabels', 'post'>;
export type UnitLabels = ApiData<'/api/backend/createUnitLabels', 'post'>;

export type SupplierPage = ApiData<'/api/backend/getSupplierList', 'get'>;
export type Supplier = SupplierPage['list'][number];
export type SupplierBody = ApiBody<'/api/backend/createSupplier', 'post'>;

export type ReceiptPage = ApiData<'/api/backend/getStockReceiptList', 'get'>;
export type ReceiptRow = ReceiptPage['list'][number];
export type ReceiptListQuery = NonNullable<ApiQuery<'/api/backend/getStockReceiptList', 'get'>>;
export type ReceiptDetail = ApiData<'/api/backend/getStockReceiptDetail', 'get'>;
export type ReceiptLine = ReceiptDetail['lines'][number];
export type CreateReceiptBody = ApiBody<'/api/backend/createStockReceipt', 'post'>;
export type ScanReceiptBody = ApiBody<'/api/backend/scanStockReceipt', 'post'>;
export type ScanReceiptResult = ApiData<'/api/backend/scanStockReceipt', 'post'>;

export type TransferPage = ApiData<'/api/backend/getStockTransferList', 'get'>;
export type TransferRow = TransferPage['list'][number];
export type TransferListQuery = NonNullable<ApiQuery<'/api/backend/getStockTransferList', 'get'>>;
export type TransferDetail = ApiData<'/api/backend/getStockTransferDetail', 'get'>;
export type SendTransferBody = ApiBody<'/api/backend/sendStockTransfer', 'post'>;
export type ReceiveTransferBody = ApiBody<'/api/backend/receiveStockTransfer', 'post'>;

export type UnitInspection = UnitDetail['inspections'][number];
export type UnitWorkOrder = UnitDetail['work_orders'][number];
export type UnitTemplate = UnitDetail['inspection_template'];
export type TemplateItem = UnitTemplate['items'][number];
export type InspectionDetail = ApiData<'/api/backend/getInspectionDetail', 'get'>;
export type ComparedLine = InspectionDetail['lines'][number];
export type CreateInspectionBody = ApiBody<'/api/backend/createInspection', 'post'>;
export type InspectionLineBody = CreateInspectionBody['lines'][number];
export type TemplateList = ApiData<'/api/backend/getInspectionTemplateList', 'get'>;
export type TemplateRow = TemplateList['templates'][number];
export type SaveTemplateBody = ApiBody<'/api/backend/saveInspectionTemplate', 'post'>;
export type AssetLifeList = ApiData<'/api/backend/getAssetLifeList', 'get'>;
export type AssetLifeRow = AssetLifeList['categories'][number];
export type SaveAssetLifeBody = ApiBody<'/api/backend/saveAssetLife', 'post'>;
export type CreateWorkOrderBody = ApiBody<'/api/backend/createWorkOrder', 'post'>;
export type UpdateWorkOrderBody = ApiBody<'/api/backend/updateWorkOrder', 'post'>;
export type AssetReport = ApiData<'/api/backend/getAssetReport', 'get'>;
export type AssetReportRow = AssetReport['rows'][number];
export type AssetReportQuery = NonNullable<ApiQuery<'/api/backend/getAssetReport', 'get'>>;
