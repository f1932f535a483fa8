/**
 * The zh-CN catalogue the app is given: the app-wide texts (frontend/messages/zh-CN.json: the
 * kit, the layout, app pages) and each feature's own (src/features/<feature>/messages/zh-CN.json),
 * one top-level namespace per file. src/lib/__tests__/messages.test.ts checks that this list holds
 * every file there is, that no namespace comes from two files, and that en and zh-CN agree.
 */
import shared from '../../../messages/zh-CN.json';
import assets from '@/features/assets/messages/zh-CN.json';
import auth from '@/features/auth/messages/zh-CN.json';
import catalog from '@/features/catalog/messages/zh-CN.json';
import credit from '@/features/credit/messages/zh-CN.json';
import dashboard from '@/features/dashboard/messages/zh-CN.json';
import developers from '@/features/developers/messages/zh-CN.json';
import disputes from '@/features/disputes/messages/zh-CN.json';
import finance from '@/features/finance/messages/zh-CN.json';
import goods from '@/features/goods/messages/zh-CN.json';
import logistics from '@/features/logistics/messages/zh-CN.json';
import merchants from '@/features/merchants/messages/zh-CN.json';
import notary from '@/features/notary/messages/zh-CN.json';
import orders from '@/features/orders/messages/zh-CN.json';
import privacy from '@/features/privacy/messages/zh-CN.json';
import promotion from '@/features/promotion/messages/zh-CN.json';
import reconciliation from '@/features/reconciliation/messages/zh-CN.json';
import recovery from '@/features/recovery/messages/zh-CN.json';
import risk from '@/features/risk/messages/zh-CN.json';
import service from '@/features/service/messages/zh-CN.json';
import staff from '@/features/staff/messages/zh-CN.json';
import subshops from '@/features/subshops/messages/zh-CN.json';
import withdrawals from '@/features/withdrawals/messages/zh-CN.json';
import workbench from '@/features/workbench/messages/zh-CN.json';

const messages = { ...shared, ...assets, ...auth, ...catalog, ...credit, ...dashboard, ...developers, ...disputes, ...finance, ...goods, ...logistics, ...merchants, ...notary, ...orders, ...privacy, ...promotion, ...reconciliation, ...recovery, ...risk, ...service, ...staff, ...subshops, ...withdrawals, ...workbench };

export default messages;
