import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { CustomerServicePage } from './pages/CustomerServicePage';

// The demo shop's customer service (apps/service/demo.py): phone 400-820-8820, three notices (one
// hidden), one template of its own, a few messages sent, a customer blacklisted and one lifted.
test.describe.serial('customer service and customers', () => {
  test.use({ storageState: STORAGE.demo });

  test('the owner edits the settings and notices; a bad phone is refused beside the field', async ({ page }) => {
    const screen = new CustomerServicePage(page);
    await screen.gotoSettings(HOSTS.demo);
    await expect(page.getByLabel('客服电话')).toHaveValue('400-820-8820');
    await expect(screen.section('售后地址')).toContainText('退货地址');

    await page.getByLabel('客服电话').fill('12345');
    await screen.save();
    await expect(screen.section('联系方式')).toContainText('请填写手机号、座机号或 400 电话');

    await page.getByLabel('客服电话').fill('400-820-8821');
    await page.getByRole('button', { name: '添加公告' }).click();
    const added = screen.notice(4);
    await added.getByLabel('标题').fill('E2E 公告');
    await added.getByLabel('内容').fill('浏览器测试加的公告');
    await added.getByRole('button', { name: '上移' }).click();
    await screen.save();
    await expect(page.getByText('客服配置已保存')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('客服电话')).toHaveValue('400-820-8821');
    await expect(screen.notice(3).getByLabel('标题')).toHaveValue('E2E 公告');
  });

  test('the owner finds a blacklisted customer, blacklists another and lifts it, then messages them', async ({ page }) => {
    const screen = new CustomerServicePage(page);
    await screen.gotoCustomers(HOSTS.demo, '?blacklisted=yes');
    await expect(screen.rows().first()).toContainText('已拉黑');

    await page.getByLabel('黑名单').selectOption('no');
    await expect(page).toHaveURL(/blacklisted=no/);
    const row = screen.rows().first();
    await expect(row).toContainText('正常');
    await row.getByRole('button', { name: '查看' }).click();
    const detail = screen.dialog();
    await expect(detail.getByRole('region', { name: '订单' })).toBeVisible();

    await detail.getByRole('button', { name: '加入黑名单' }).click();
    const reason = screen.dialog();
    await reason.getByLabel('原因').fill('E2E：资料存疑');
    await reason.getByRole('button', { name: '加入黑名单' }).click();
    await expect(detail.getByText(/拉黑：E2E：资料存疑/)).toBeVisible();

    await detail.getByRole('button', { name: '解除黑名单' }).click();
    await screen.dialog().getByLabel('原因').fill('E2E：已核实');
    await screen.dialog().getByRole('button', { name: '解除黑名单' }).click();
    await expect(detail.getByText(/解除：E2E：已核实/)).toBeVisible();

    // Message the customer about their newest order.
    await detail.getByRole('region', { name: '订单' }).getByRole('link').first().click();
    await page.getByRole('button', { name: '发送短信' }).click();
    const send = screen.dialog();
    await send.getByLabel('模板').selectOption({ label: '客服联系' });
    await expect(send.getByRole('region', { name: '预览' })).toContainText('400-820-8821');
    await send.getByRole('button', { name: '发送', exact: true }).click();
    await expect(page.getByText('短信已发送')).toBeVisible();
    await expect(page.getByRole('region', { name: '订单动态' })).toContainText('给客户发送短信');
  });
});
