import type { Browser, Page } from '@playwright/test';
import { HOSTS, STORAGE } from './support/env';
import { signInFresh } from './support/signIn';
import { expect, test } from './support/test';
import { MerchantDetailPage } from './pages/MerchantDetailPage';
import { MerchantListPage } from './pages/MerchantListPage';
import { MerchantSubShopsPage } from './pages/MerchantSubShopsPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

const port = Number(process.env.E2E_PORT ?? 3100);
const OWNER_PASSWORD = 'Owner2026pw';
/** Unique per run: the backend keeps every merchant the tests onboard. */
const uniqueSlug = (prefix: string) => `${prefix}${Date.now().toString(36)}`;
const storeOrigin = (slug: string) => `http://${slug}.localhost:${port}`;

test.use({ storageState: STORAGE.admin });

/** A fresh browser context (no admin session) signed in on a merchant's host. */
async function signInOnStore(browser: Browser, slug: string, username: string, password: string): Promise<Page> {
  return (await signInFresh(browser, storeOrigin(slug), username, password, { locale: 'zh-CN' })).page;
}

test.describe('merchants', () => {
  test('onboard a merchant, then its owner creates a sub-shop and a sub-merchant who sees only that shop', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const slug = uniqueSlug('e2e');
    const name = `E2E 商户 ${slug}`;
    const merchants = new MerchantListPage(page);

    await merchants.goto(HOSTS.admin);
    await merchants.openOnboarding();
    await merchants.fillOnboarding({ name, slug: 'demo', ownerPassword: OWNER_PASSWORD, ownerName: 'E2E 店主' });
    await expect(merchants.dialog().getByText('demo.localhost', { exact: true })).toBeVisible();
    // A taken slug is refused beside its field, and the dialog stays open for a fix.
    await merchants.submit().click();
    await expect(merchants.dialog().getByText('该标识已被占用')).toBeVisible({ timeout: 20_000 });
    await expect(merchants.field('商户标识')).toHaveAttribute('aria-invalid', 'true');

    await merchants.field('商户标识').fill(slug);
    await expect(merchants.dialog().getByText(`${slug}.localhost`, { exact: true })).toBeVisible();
    const url = await merchants.submitAndWaitReady(name);
    expect(url).toBe(storeOrigin(slug));
    await page.screenshot({ path: 'e2e/screenshots/merchants-onboarding-ready.png' });

    // The new merchant is in the list, found by its slug.
    await merchants.dialog().getByRole('button', { name: '完成' }).click();
    await merchants.keyword().fill(slug);
    await merchants.keyword().press('Enter');
    await expect(page).toHaveURL(new RegExp(`keyword=${slug}`));
    await expect(merchants.table().getByRole('link', { name, exact: true })).toBeVisible();

    // The owner signs in on the new subdomain and creates a sub-shop with an account.
    const ownerPage = await signInOnStore(browser, slug, 'owner', OWNER_PASSWORD);
    await new WorkbenchPage(ownerPage).expectSignedIn({ name: 'E2E 店主', role: '商户管理员' });
    const subShops = new MerchantSubShopsPage(ownerPage);
    await subShops.goto(storeOrigin(slug));
    await expect(ownerPage.getByText('还没有子商户')).toBeVisible();
    await subShops.createSubShop({ name: '东区门店', contact: '王五', phone: '13900001111', address: '上海市浦东新区示例路 1 号' });
    await subShops.openDetail('东区门店');
    await subShops.createAccount({ username: 'east01', password: 'East2026pw', name: '东区店长' });
    await ownerPage.screenshot({ path: 'e2e/screenshots/merchants-owner-sub-shop-detail.png', fullPage: true });
    await ownerPage.context().close();

    // The sub-merchant signs in on the same host and sees its own sub-shop only, read-only.
    const subPage = await signInOnStore(browser, slug, 'east01', 'East2026pw');
    await new WorkbenchPage(subPage).expectSignedIn({ name: '东区店长' });
    const ownView = new MerchantSubShopsPage(subPage);
    await ownView.goto(storeOrigin(slug));
    await expect(subPage.getByText('你是“东区门店”的子商户账号，只能查看本店。')).toBeVisible();
    await expect(ownView.table().getByRole('row')).toHaveCount(2); // header + its own shop
    await expect(subPage.getByRole('button', { name: '新建子商户' })).toHaveCount(0);
    await ownView.openDetail('东区门店');
    await expect(subPage.getByText('本页为只读')).toBeVisible();
    await expect(subPage.getByRole('button', { name: '新建账号' })).toHaveCount(0);
    await subPage.screenshot({ path: 'e2e/screenshots/merchants-sub-merchant-own-shop.png', fullPage: true });
    await subPage.context().close();
  });

  test('freezing a merchant refuses its owner with a clear message; reactivating lets them back in', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const slug = uniqueSlug('frz');
    const name = `E2E 冻结 ${slug}`;
    const merchants = new MerchantListPage(page);
    await merchants.onboard(HOSTS.admin, { name, slug, ownerPassword: OWNER_PASSWORD, ownerName: '冻结测试店主' });
    await merchants.dialog().getByRole('link', { name: '查看商户详情' }).click();

    const detail = new MerchantDetailPage(page);
    await expect(detail.heading(name)).toBeVisible();
    await detail.expectStatus('正常');
    // Active: freeze and close are offered, nothing else.
    await expect(detail.action('冻结')).toBeVisible();
    await expect(detail.action('关闭商户')).toBeVisible();
    await expect(detail.action('恢复')).toHaveCount(0);

    // Freezing without a reason is refused in the dialog.
    await detail.action('冻结').click();
    await detail.dialog().getByRole('button', { name: '确认冻结' }).click();
    await expect(detail.dialog().getByText('请填写原因')).toBeVisible();
    await detail.dialog().getByRole('textbox').fill('E2E：资料待核实');
    await detail.dialog().getByRole('button', { name: '确认冻结' }).click();
    await expect(detail.dialog()).toBeHidden();
    await detail.expectStatus('冻结');
    await expect(detail.statusHistory()).toContainText('E2E：资料待核实');
    await expect(detail.action('恢复')).toBeVisible();
    await page.screenshot({ path: 'e2e/screenshots/merchants-frozen-detail.png', fullPage: true });

    // The owner is refused on the merchant's host with the server's clear message.
    const { context, page: ownerPage, login } = await signInFresh(browser, storeOrigin(slug), 'owner', OWNER_PASSWORD, { locale: 'zh-CN' });
    await expect(ownerPage.getByRole('alert').filter({ hasText: '商户已冻结或关闭，暂不能使用' }).first()).toBeVisible();
    await expect(login.heading()).toBeVisible();
    await ownerPage.screenshot({ path: 'e2e/screenshots/merchants-frozen-owner-refused.png' });

    // Reactivate (no reason needed) and the owner signs in again.
    await detail.changeStatus('恢复', '确认恢复');
    await detail.expectStatus('正常');
    await login.goto(storeOrigin(slug));
    await login.login('owner', OWNER_PASSWORD);
    await new WorkbenchPage(ownerPage).expectSignedIn({ name: '冻结测试店主' });
    await context.close();
  });
});
