import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { useListRead } from '@/api/reads';
import { strictCall } from '@/lib/apiError';
import { orThrow } from '@/lib/query';
import { orderKeys } from '@/features/orders/queries';

export type WaybillShipment = ApiData<'/api/merchant/orderShipments', 'get'>[number];
export type ShipmentPage = ApiData<'/api/merchant/shipmentList', 'get'>;
export type ShipmentListQuery = ApiQuery<'/api/merchant/shipmentList', 'get'>;
export type CreateWaybillBody = ApiBody<'/api/merchant/createWaybill', 'post'>;
export type BookPickupBody = ApiBody<'/api/merchant/bookReturnPickup', 'post'>;
export type Address = CreateWaybillBody['receiver'];
export type CarrierSetting = ApiData<'/api/merchant/getCarrierSetting', 'get'>;

const P = {
  services: '/api/merchant/carrierServices',
  create: '/api/merchant/createWaybill',
  cancel: '/api/merchant/cancelWaybill',
  labels: '/api/merchant/printWaybillLabels',
  orderShipments: '/api/merchant/orderShipments',
  list: '/api/merchant/shipmentList',
  slots: '/api/merchant/returnPickupSlots',
  book: '/api/merchant/bookReturnPickup',
  cancelPickup: '/api/merchant/cancelReturnPickup',
  setting: '/api/merchant/getCarrierSetting',
} as const;

export const logisticsKeys = {
  all: ['logistics'] as const,
  order: (orderId: number) => [...logisticsKeys.all, 'order', orderId] as const,
  lists: () => [...logisticsKeys.all, 'list'] as const,
  list: (query: ShipmentListQuery) => [...logisticsKeys.lists(), query] as const,
  services: (company: string) => [...logisticsKeys.all, 'services', company] as const,
  slots: (orderId: number, day: string) => [...logisticsKeys.all, 'slots', orderId, day] as const,
  setting: () => [...logisticsKeys.all, 'setting'] as const,
};

export function useCarrierServices(company: string) {
  return useQuery({ queryKey: logisticsKeys.services(company), queryFn: () => orThrow(P.services, apiGet(P.services, { company_code: company })), enabled: company !== '', staleTime: 10 * 60_000 });
}

export function useCarrierSetting(enabled = true) {
  return useQuery({ queryKey: logisticsKeys.setting(), queryFn: () => orThrow(P.setting, apiGet(P.setting)), enabled, staleTime: 60_000 });
}

export function useOrderShipments(orderId: number) {
  return useQuery({ queryKey: logisticsKeys.order(orderId), queryFn: () => strictCall((options) => apiGet(P.orderShipments, { order_id: orderId }, options)) });
}

export function useShipmentList(query: ShipmentListQuery) {
  return useListRead(logisticsKeys.list(query), P.list, query);
}

export function usePickupSlots(orderId: number, day: string) {
  return useQuery({ queryKey: logisticsKeys.slots(orderId, day), queryFn: () => strictCall((options) => apiGet(P.slots, { order_id: orderId, day }, options)), enabled: day !== '' });
}

/** After a carrier write: the order (its status, its parcels), its shipments and the lists. */
function useLogisticsWrite<B, R>(orderId: number | null, call: (body: B, options: Parameters<typeof apiPost>[2]) => Promise<R | false>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => strictCall((options) => call(body, options)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: logisticsKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      if (orderId !== null) void queryClient.invalidateQueries({ queryKey: logisticsKeys.order(orderId) });
    },
  });
}

export function useCreateWaybill(orderId: number) {
  return useLogisticsWrite(orderId, (body: Omit<CreateWaybillBody, 'order_id'>, options) => apiPost(P.create, { order_id: orderId, ...body }, options));
}

export function useCancelWaybill(orderId: number | null) {
  return useLogisticsWrite(orderId, (shipmentId: number, options) => apiPost(P.cancel, { shipment_id: shipmentId }, options));
}

export function useBookPickup(orderId: number) {
  return useLogisticsWrite(orderId, (body: Omit<BookPickupBody, 'order_id'>, options) => apiPost(P.book, { order_id: orderId, ...body }, options));
}

export function useCancelPickup(orderId: number) {
  return useLogisticsWrite(orderId, (pickupId: number, options) => apiPost(P.cancelPickup, { pickup_id: pickupId }, options));
}

/** One PDF of labels (76 × 130 mm a page): a short-lived link, opened at once. */
export function usePrintLabels() {
  return useMutation({
    mutationFn: (shipmentIds: number[]) => strictCall((options) => apiPost(P.labels, { shipment_ids: shipmentIds }, options)),
  });
}
