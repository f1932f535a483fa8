/**
 * The sandbox payment provider's cashier page (what a payment link, its QR code and its SMS
 * open), served on the customer-facing origin and answered by the API behind it: GET shows
 * the trade, the pay button POSTs here, and the API's redirect back to this same path
 * (relative) keeps the payer on this origin (src/lib/apiProxy.ts).
 */
import { proxyToApi } from '@/lib/apiProxy';

export const dynamic = 'force-dynamic';

export { proxyToApi as GET, proxyToApi as HEAD, proxyToApi as POST };
