/**
 * The developers' screen's form dialogs in one chunk, loaded when the first of them opens (every
 * lazy chunk adds its id and hash to the webpack runtime each screen loads first).
 */
export { ApiKeyCreateDialog } from './ApiKeyCreateDialog';
export { DeliveryDetailDialog } from './DeliveryDetailDialog';
export { EndpointFormDialog } from './EndpointFormDialog';
export { IntakeKeyCreateDialog } from './IntakeKeyCreateDialog';
export { RedeliverSinceDialog } from './RedeliverSinceDialog';
