/**
 * The developers' screen's types. Webhooks and intake keys come from the generated OpenAPI
 * schema (apps/webhooks/schemas.py, apps/orders/schemas.py); the API keys follow the agreed
 * contract until their calls are in the schema (docs/api-keys.md on the backend's side).
 */
import type { ApiBody, ApiData, ApiQuery } from '@/api/client';

export type WebhookEndpoint = ApiData<'/api/backend/getWebhookEndpoints', 'get'>[number];
export type WebhookEndpointCreated = ApiData<'/api/backend/createWebhookEndpoint', 'post'>;
export type CreateEndpointBody = ApiBody<'/api/backend/createWebhookEndpoint', 'post'>;
export type UpdateEndpointBody = ApiBody<'/api/backend/updateWebhookEndpoint', 'post'>;
export type RolledSecret = ApiData<'/api/backend/rollWebhookSecret', 'post'>;
export type PingQueued = ApiData<'/api/backend/testWebhookEndpoint', 'post'>;
export type DeliveryPage = ApiData<'/api/backend/getWebhookDeliveries', 'get'>;
export type Delivery = DeliveryPage['list'][number];
export type DeliveryAttempt = Delivery['tries'][number];
export type DeliveryListQuery = NonNullable<ApiQuery<'/api/backend/getWebhookDeliveries', 'get'>>;
export type RedeliverBody = ApiBody<'/api/backend/redeliverWebhook', 'post'>;

export type IntakeKey = ApiData<'/api/backend/getIntakeKeys', 'get'>[number];
export type IntakeKeyCreated = ApiData<'/api/backend/createIntakeKey', 'post'>;
export type CreateIntakeKeyBody = ApiBody<'/api/backend/createIntakeKey', 'post'>;
export type IntakeKeyStatusBody = ApiBody<'/api/backend/setIntakeKeyStatus', 'post'>;

export type SubShopOption = ApiData<'/api/backend/getSubShopOptions', 'get'>[number];

// --- API keys (the agreed contract) -------------------------------------------------------------

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

export interface ApiKey {
  id: number;
  name: string;
  /** "zl_live_3fA9xk2P": the key's start, shown followed by "…". */
  prefix: string;
  scopes: string[];
  sub_shop_id: number | null;
  sub_shop_name: string;
  status: ApiKeyStatus;
  expires_at: string | null;
  last_used_at: string | null;
  use_count: number;
  created_by: string;
  created_at: string;
  revoked_at: string | null;
}

/** The answer of a create or a roll: the key whole, in this answer only. */
export interface ApiKeyCreated extends ApiKey {
  key: string;
}

export interface ApiKeyScope {
  scope: string;
  actions: string[];
  /** The signed-in account holds every action the scope needs (else it cannot be chosen). */
  granted: boolean;
}

export interface CreateApiKeyBody {
  name: string;
  scopes: string[];
  sub_shop_id?: number | null;
  expires_at?: string | null;
}

export interface RollApiKeyBody {
  id: number;
  /** 0–168: how long the old key keeps working. */
  old_expires_in_hours: number;
}
