/**
 * The warehouse screens' dialogs in one chunk, loaded when the first of them opens. One chunk
 * rather than five: every lazy chunk adds its id and hash to the webpack runtime that every
 * screen loads first (about 20 bytes gzip each, against the 200 KB budget of /product).
 */
export { CreateReceiptDialog } from './CreateReceiptDialog';
export { ReceiveDialog } from './ReceiveDialog';
export { RecordSerialDialog } from './RecordSerialDialog';
export { SendTransferDialog } from './SendTransferDialog';
export { TransferDetailDialog } from './TransferDetailDialog';
