import { HOSTS, STORAGE } from './support/env';
import { signInFresh } from './support/signIn';
import { expect, test } from './support/test';
import { PlatformStaffPage } from './pages/PlatformStaffPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

test.use({ storageState: STORAGE.admin });

test('the platform admin makes a finance person who signs in; a role change and disabling end their session at once', async ({ page, browser }) => {
  const username = `pf${Date.now().toString(36)}`;
  const password = 'Finance2026pw';
  const staff = new PlatformStaffPage(page);
  await staff.goto(HOSTS.admin);
  await expect(page.getByText('管理平台后台的员工账号和角色')).toBeVisible();
  // The demo's platform people are listed; the admin's own row offers no way to disable itself.
  await expect(staff.row('finance1')).toContainText('平台财务');
  await expect(staff.row('admin')).toContainText('当前账号');
  await expect(page.getByRole('button', { name: '停用 admin', exact: true })).toHaveCount(0);

  await staff.create({ username, password, name: 'E2E 平台财务', roles: ['平台财务'] });
  await staff.filterRole('平台财务');
  await expect(page).toHaveURL(/role=platform_finance/);
  await expect(staff.row(username)).toContainText('平台财务');

  // The new person signs in on the admin host in a browser of their own.
  const { context: theirs, page: theirPage, login } = await signInFresh(browser, HOSTS.admin, username, password);
  await new WorkbenchPage(theirPage).expectSignedIn({ name: 'E2E 平台财务' });
  await expect(theirPage.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '员工管理' })).toHaveCount(0);

  // New roles: their very next request is refused and they are back on the sign-in page.
  await staff.editRoles(username, ['平台审计'], ['平台财务']);
  await staff.filterRole('全部角色');
  await expect(staff.row(username)).toContainText('平台审计');
  await theirPage.reload();
  await login.expectOnLogin();

  // Signed in again with the new role, then disabled: out again, and sign-in is refused.
  await login.login(username, password);
  await new WorkbenchPage(theirPage).expectSignedIn({ name: 'E2E 平台财务' });
  await staff.disable(username, 'E2E 离职');
  await expect(staff.row(username)).toContainText('停用');
  await theirPage.reload();
  await login.expectOnLogin();
  await login.login(username, password);
  await expect(theirPage.getByRole('alert').filter({ hasText: '停用' })).toBeVisible();
  await theirs.close();
});

test.describe('phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the platform staff screen fits a phone: the page never scrolls sideways, the form offers the platform roles only', async ({ page }) => {
    const staff = new PlatformStaffPage(page);
    await staff.goto(HOSTS.admin);
    await expect(staff.row('finance2')).toBeVisible();
    const page390 = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(page390.scroll).toBeLessThanOrEqual(page390.width);
    await page.getByRole('button', { name: '新建员工' }).first().click();
    const roles = staff.dialog().getByRole('group', { name: '角色' });
    await expect(roles.getByLabel('平台运营')).toBeVisible();
    await expect(roles.getByLabel('平台管理员')).toHaveCount(0);
    await staff.dialog().getByRole('button', { name: '创建' }).click();
    await expect(staff.dialog().getByText('至少选择一个角色')).toBeVisible();
  });
});
