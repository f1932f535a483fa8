/**
 * The developers' screen's types, from the generated OpenAPI schema: webhooks
 * (apps/webhooks/schemas.py), intake keys (apps/orders/schemas.py) and API keys
 * (tenants/accounts/api_keys.py, docs/api-keys.md).
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

export type ApiKey = ApiData<'/api/backend/getApiKeys', 'get'>[number];
export type ApiKeyStatus = ApiKey['status'];
/** The answer of a create or a roll: the key whole (`key`), in this answer only. */
export type ApiKeyCreated = ApiData<'/api/backend/createApiKey', 'post'>;
export type ApiKeyScope = ApiData<'/api/backend/getApiKeyScopes', 'get'>[number];
export type CreateApiKeyBody = ApiBody<'/api/backend/createApiKey', 'post'>;
export type RollApiKeyBody = ApiBody<'/api/backend/rollApiKey', 'post'>;
