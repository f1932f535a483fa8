/** The API, on this origin (src/lib/apiProxy.ts). */
import { proxyToApi } from '@/lib/apiProxy';

export const dynamic = 'force-dynamic';

export { proxyToApi as GET, proxyToApi as POST, proxyToApi as PUT, proxyToApi as PATCH, proxyToApi as DELETE, proxyToApi as OPTIONS, proxyToApi as HEAD };
