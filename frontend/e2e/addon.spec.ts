import { ACCOUNTS, HOSTS, STORAGE } from './support/env';
import { GoodsApi } from './support/goodsApi';
import { expect, test } from './support/test';
import { GoodsAddonPage } from './pages/GoodsAddonPage';

const MERCHANT = ACCOUNTS.demoOwner.merchant;

// The e2e database persists between runs: every name carries this run's stamp.
const stamp = `${Date.now().toString(36)}`;
const ADDON = `E2E 延保服务 ${stamp}`;
const REASON = `E2E 保障条款不清 ${stamp}`;
const LATE_REASON = `E2E 复查未通过 ${stamp}`;
const TYPE_CODE = `e2e_${stamp}`;

interface GainRow {
  id: number;
  name: string;
  status: number;
  platform_disabled: boolean;
}

/** The platform's row of the add-on (its id is the platform's, not the merchant's). */
async function platformRowOf(admin: GoodsApi, name: string): Promise<GainRow> {
  const page = await admin.get<{ list: GainRow[] }>('/api/platform/getGoodsGainList', { keyword: name });
  const row = page.list.find((item) => item.name === name);
  if (!row) throw new Error(`no platform row for ${name}`);
  return row;
}

test.describe.serial('add-on services: the platform disables a merchant add-on with a reason, then lifts it', () => {
  test.beforeAll(async ({ request }) => {
    const owner = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
    await owner.post('/api/platform/addGoodsGain', { name: ADDON, gain_type: 'warranty', price: '59.00', description: 'E2E 延长保修', is_required: false, sort: 0 });
  });

  test.describe('platform admin', () => {
    test.use({ storageState: STORAGE.admin });

    test('finds the demo add-on among every merchant and disables it with a reason', async ({ page }) => {
      const addons = new GoodsAddonPage(page);
      await addons.goto(HOSTS.admin);
      // The admin menu now lists the page (addon.manage).
      await expect(page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '增值服务' })).toBeVisible();
      await page.getByLabel('商户').selectOption({ label: MERCHANT });
      await expect(page).toHaveURL(/merchant_id=\d+/);
      await addons.search(ADDON);
      const row = addons.platformRow(ADDON);
      await expect(row).toContainText(MERCHANT);
      await expect(row).toContainText('延长保修');
      await expect(row).toContainText('¥59.00');
      await expect(row).toContainText('启用');

      await addons.disable(ADDON, REASON);
      await expect(row).toContainText('平台已停用');
      await expect(row).toContainText(REASON);

      // The status pills filter on the server: a disabled add-on is under 已停用, not 启用.
      await page.getByRole('group', { name: '服务状态' }).getByRole('button', { name: '启用' }).click();
      await expect(page).toHaveURL(/status=enabled/);
      await expect(addons.platformRow(ADDON)).toHaveCount(0);
      await page.getByRole('group', { name: '服务状态' }).getByRole('button', { name: '停用' }).click();
      await expect(addons.platformRow(ADDON)).toContainText(REASON);
    });
  });

  test.describe('merchant', () => {
    test.use({ storageState: STORAGE.demo });

    test('sees the platform reason and cannot enable the add-on', async ({ page, request }) => {
      const addons = new GoodsAddonPage(page);
      await addons.goto(HOSTS.demo);
      await addons.search(ADDON);
      const row = addons.row(ADDON);
      await expect(row).toContainText(`平台停用原因：${REASON}`);
      await expect(row).toContainText('平台已停用');
      await expect(addons.enableSwitch(ADDON)).toBeDisabled();
      await expect(row.locator(`[title*="${REASON}"]`).first()).toBeVisible();

      // The server holds the line too: enabling answers 409 naming the platform's reason.
      const owner = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
      const mine = await owner.get<{ list: GainRow[] }>('/api/platform/getGoodsGainList', { keyword: ADDON });
      await expect(owner.post('/api/platform/setGoodsGainStatus', { id: mine.list[0]!.id, status: 1 })).rejects.toThrow(new RegExp(`code 409 .*${REASON}`));
    });
  });

  test.describe('platform admin again', () => {
    test.use({ storageState: STORAGE.admin });

    test('lifts the disabling; the add-on waits for the merchant to enable it', async ({ page }) => {
      const addons = new GoodsAddonPage(page);
      await addons.goto(HOSTS.admin, `?keyword=${encodeURIComponent(ADDON)}`);
      await addons.lift(ADDON);
      const row = addons.platformRow(ADDON);
      await expect(row).toContainText('商户已停用');
      await expect(row).not.toContainText(REASON);
      await expect(row.getByRole('button', { name: `停用 ${ADDON}` })).toBeVisible();
    });
  });

  test.describe('merchant again', () => {
    test.use({ storageState: STORAGE.demo });

    test('is told why when the platform disabled it meanwhile, then enables it once lifted', async ({ page, request }) => {
      const addons = new GoodsAddonPage(page);
      await addons.goto(HOSTS.demo, `?keyword=${encodeURIComponent(ADDON)}`);
      const row = addons.row(ADDON);
      await expect(row).not.toContainText('平台停用原因');
      await expect(addons.enableSwitch(ADDON)).toBeEnabled();

      // The platform disables it while this page still shows it as the merchant's to enable.
      const admin = await GoodsApi.signIn(request, 'admin', ACCOUNTS.admin.username);
      const platformRow = await platformRowOf(admin, ADDON);
      await admin.post('/api/platform/setGoodsGainStatus', { id: platformRow.id, status: 0, reason: LATE_REASON });
      await addons.enableSwitch(ADDON).click();
      await expect(page.getByRole('alert').filter({ hasText: `不能启用“${ADDON}”` })).toContainText(LATE_REASON);
      await expect(row).toContainText(`平台停用原因：${LATE_REASON}`);
      await expect(addons.enableSwitch(ADDON)).toBeDisabled();

      await admin.post('/api/platform/setGoodsGainStatus', { id: platformRow.id, status: 1 });
      await page.reload();
      await expect(addons.enableSwitch(ADDON)).toBeEnabled();
      await addons.enableSwitch(ADDON).click();
      await expect(addons.enableSwitch(ADDON)).toBeChecked();
      await expect(row).toContainText('启用');
      expect((await platformRowOf(admin, ADDON)).status).toBe(1);
    });
  });
});

test.describe('add-on types', () => {
  test.use({ storageState: STORAGE.admin });

  test('the platform adds a type, renames it and disables it; merchants are offered the enabled ones', async ({ page, request }) => {
    const addons = new GoodsAddonPage(page);
    await addons.goto(HOSTS.admin);
    await expect(addons.typeRow('damage_cover')).toContainText('碎屏/意外保障');

    await page.getByRole('button', { name: '新增类型' }).click();
    const dialog = addons.dialog();
    await dialog.getByLabel('编码').fill('damage_cover');
    await dialog.getByLabel('中文名称').fill(`E2E 安装服务 ${stamp}`);
    await dialog.getByLabel('英文名称').fill(`E2E installation ${stamp}`);
    await dialog.getByRole('button', { name: '确定' }).click();
    // Saving is by code: an existing code would silently change that type, so it is refused here.
    await expect(dialog.getByText('编码已存在')).toBeVisible();
    await dialog.getByLabel('编码').fill(TYPE_CODE);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
    const row = addons.typeRow(TYPE_CODE);
    await expect(row).toContainText(`E2E 安装服务 ${stamp}`);

    await row.getByRole('button', { name: `编辑类型 E2E 安装服务 ${stamp}` }).click();
    await expect(dialog.getByLabel('编码')).toBeDisabled();
    await dialog.getByLabel('中文名称').fill(`E2E 上门安装 ${stamp}`);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(`E2E 上门安装 ${stamp}`);

    const owner = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
    const offered = async () => (await owner.get<{ value: string }[]>('/api/platform/newGetGoodsGainTypeMap')).map((option) => option.value);
    expect(await offered()).toContain(TYPE_CODE);

    await row.getByRole('switch', { name: `启用类型 E2E 上门安装 ${stamp}` }).click();
    await expect(dialog).toContainText('停用后商户新增增值服务时不能再选此类型');
    await dialog.getByRole('button', { name: '确认停用' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('switch')).not.toBeChecked();
    expect(await offered()).not.toContain(TYPE_CODE);
  });

  test('the page fits a phone (390 px): tables scroll inside their cards', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const addons = new GoodsAddonPage(page);
    await addons.goto(HOSTS.admin);
    await expect(addons.platformTable()).toBeVisible();
    await expect(addons.typesTable()).toBeVisible();
    const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(size.scroll).toBeLessThanOrEqual(size.width);
  });
});
