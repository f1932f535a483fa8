/**
 * The en catalogue the app is given: the app-wide texts (frontend/messages/en.json: the
 * kit, the layout, app pages) and each feature's own (src/features/<feature>/messages/en.json),
 * one top-level namespace per file. src/lib/__tests__/messages.test.ts checks that this list holds
 * every file there is, that no namespace comes from two files, and that en and zh-CN agree.
 */
import shared from '../../../messages/en.json';
import assets from '@/features/assets/messages/en.json';
import auth from '@/features/auth/messages/en.json';
import catalog from '@/features/catalog/messages/en.json';
import credit from '@/features/credit/messages/en.json';
import dashboard from '@/features/dashboard/messages/en.json';
import developers from '@/features/developers/messages/en.json';
import disputes from '@/features/disputes/messages/en.json';
import finance from '@/features/finance/messages/en.json';
import goods from '@/features/goods/messages/en.json';
import logistics from '@/features/logistics/messages/en.json';
import merchants from '@/features/merchants/messages/en.json';
import notary from '@/features/notary/messages/en.json';
import orders from '@/features/orders/messages/en.json';
import privacy from '@/features/privacy/messages/en.json';
import promotion from '@/features/promotion/messages/en.json';
import reconciliation from '@/features/reconciliation/messages/en.json';
import recovery from '@/features/recovery/messages/en.json';
import risk from '@/features/risk/messages/en.json';
import service from '@/features/service/messages/en.json';
import staff from '@/features/staff/messages/en.json';
import subshops from '@/features/subshops/messages/en.json';
import withdrawals from '@/features/withdrawals/messages/en.json';
import workbench from '@/features/workbench/messages/en.json';

const messages = { ...shared, ...assets, ...auth, ...catalog, ...credit, ...dashboard, ...developers, ...disputes, ...finance, ...goods, ...logistics, ...merchants, ...notary, ...orders, ...privacy, ...promotion, ...reconciliation, ...recovery, ...risk, ...service, ...staff, ...subshops, ...withdrawals, ...workbench };

export default messages;
