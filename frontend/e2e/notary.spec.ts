import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { HOSTS, STORAGE } from './support/env';
import { GoodsApi } from './support/goodsApi';
import { IntakeApp } from './support/intakeApp';
import { NotarySection } from './pages/NotarySection';

// Notarizing a lease's contract against the sandbox notary service (the demo shop has it set
// up): two leases placed through the signed intake and audited; the e-contract sandbox signs
// them by itself. One goes through every step to its certificate; the other is cancelled.
const stamp = Date.now().toString(36).toUpperCase();
const PICTURE = 'e2e/fixtures/voucher.png';

async function signedLease(owner: GoodsApi, request: APIRequestContext, label: string, idNumber: string): Promise<{ id: number; no: string }> {
  const picture = await owner.uploadPicture('e2e/fixtures/goods-picture.png');
  const goods = await owner.createOnShelf({ title: `E2E ${label} ${stamp}`, code: `E2E-${label}-${stamp}`, picture });
  const detail = await owner.post<{ spu_list: { id: number }[]; rent_list: { id: number; sku_index: number }[] }>('/api/platform/goodsDetail', { id: goods.id });
  const plan = detail.rent_list[0];
  const sku = plan && detail.spu_list[plan.sku_index];
  if (!plan || !sku) throw new Error('the goods have no rent plan');
  const key = await owner.post<{ app_id: string; secret: string }>('/api/backend/createIntakeKey', { name: `E2E 公证 ${label} ${stamp}`, channel: 'alipay' });
  const app = new IntakeApp(request, 'demo', key.app_id, key.secret);
  const placed = await app.post<{ order_no: string }>('/api/applet/placeOrder', {
    idempotency_key: `e2e-notary-${label}-${stamp}`,
    customer_name: '公证客户',
    customer_phone: '13900002222',
    id_number: idNumber,
    sku_id: sku.id,
    rent_plan_id: plan.id,
  });
  const rows = await owner.get<{ list: { id: number }[] }>('/api/platform/backendOrderList', { order_no: placed.order_no });
  const id = rows.list[0]?.id ?? 0;
  await owner.post('/api/backend/auditOrder', { id, passed: true });
  await expect
    .poll(async () => (await owner.get<{ contract: { status: string } | null }>('/api/merchant/orderInfo', { id })).contract?.status, { timeout: 30_000 })
    .toBe('signed');
  return { id, no: placed.order_no };
}

test.describe.serial('notarization of a lease contract', () => {
  test.use({ storageState: STORAGE.demo });

  test('every step in order to the notary certificate, the customer link copied on the way', async ({ page, request }) => {
    const owner = await GoodsApi.signIn(request, 'demo', 'owner');
    const order = await signedLease(owner, request, 'NT1', '110101199001014585');
    const notary = new NotarySection(page);
    await page.goto(`${HOSTS.demo}/orderInfo/${order.id}`);
    await notary.expectStatus('未办理');

    await notary.press('推送客户信息');
    await notary.expectStatus('已推送客户信息');
    await notary.press('推送身份证');
    await notary.dialog().getByLabel('人像面').setInputFiles(PICTURE);
    await notary.dialog().getByLabel('国徽面').setInputFiles(PICTURE);
    await notary.dialog().getByRole('button', { name: '推送', exact: true }).click();
    await expect(notary.dialog()).toBeHidden();
    await notary.expectStatus('已推送身份证');
    await notary.press('推送合同与账单');
    await notary.expectStatus('已推送合同');
    await expect(notary.evidenceHash()).toHaveText(/^[0-9a-f]{64}$/);
    await expect(notary.region().locator('[data-evidence="contract"]')).toContainText('已签署合同');

    await notary.press('提交公证');
    await notary.expectStatus('公证中');
    await notary.press('获取签署链接');
    await expect(notary.link()).toHaveAttribute('href', /^https:\/\/notary\.sandbox\.invalid\/sign\//);
    await notary.region().getByRole('button', { name: '复制链接' }).click();

    await notary.waitForOutcome('已公证');
    await expect(notary.region().locator('[data-certificate]')).toContainText('证字');
    await expect(notary.region().getByRole('button', { name: '撤销公证' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: '订单动态', exact: true })).toContainText('公证完成');
  });

  test('cancelled before completion with a reason, then ready to start again; the owner’s settings keep the secret masked', async ({ page, request }) => {
    const owner = await GoodsApi.signIn(request, 'demo', 'owner');
    const order = await signedLease(owner, request, 'NT2', '110101199001014630');
    const notary = new NotarySection(page);
    await page.goto(`${HOSTS.demo}/orderInfo/${order.id}`);
    await notary.press('推送客户信息');
    await notary.expectStatus('已推送客户信息');
    await notary.press('撤销公证');
    await notary.dialog().getByLabel('原因（选填）').fill('客户改为线下公证');
    await notary.dialog().getByRole('button', { name: '确认撤销' }).click();
    await expect(notary.dialog()).toBeHidden();
    await notary.expectStatus('已撤销');
    await expect(notary.region()).toContainText('客户改为线下公证');
    await expect(notary.region().getByRole('button', { name: '推送客户信息' })).toBeVisible();

    await notary.region().getByRole('button', { name: '公证设置' }).click();
    const dialog = notary.dialog();
    await expect(dialog.getByLabel('统一社会信用代码')).toHaveValue(/^[0-9A-Z]{18}$/);
    await expect(dialog.getByLabel('应用密钥（App Secret）')).toHaveValue('');
    await expect(dialog.getByLabel('应用密钥（App Secret）')).toHaveAttribute('placeholder', /\*\*\*\*/);
    await dialog.getByRole('button', { name: '获取令牌' }).click();
    await expect(dialog.getByText(/有效期至/)).toBeVisible();
    await expect(dialog.locator('.font-mono')).toContainText('****');
  });
});
