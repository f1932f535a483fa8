import { ACCOUNTS, HOSTS, PASSWORD } from './support/env';
import { expect, test } from './support/test';
import { LoginPage } from './pages/LoginPage';
import { RolePickerPage } from './pages/RolePickerPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

test('an account with two roles picks one, then switches from the header', async ({ page }) => {
  const manager = ACCOUNTS.demoManager;
  const login = new LoginPage(page);
  await login.goto(HOSTS.demo);
  await login.login(manager.username, PASSWORD);

  const picker = new RolePickerPage(page);
  await picker.expectOpen();
  for (const role of manager.roles) await expect(picker.roleButton(role)).toBeVisible();
  await picker.choose('财务');

  const workbench = new WorkbenchPage(page);
  await workbench.expectSignedIn({ name: manager.name, role: '财务' });

  await workbench.switchRole(manager.name, '审核员');
  await expect(page.getByRole('status').filter({ hasText: '已切换为“审核员”' })).toBeVisible();
  await expect(workbench.profile()).toContainText('审核员');
  await expect(workbench.accountMenu(manager.name)).toContainText('审核员');
});

test('leaving the role picker without a choice leads back to it', async ({ page }) => {
  const manager = ACCOUNTS.demoManager;
  const login = new LoginPage(page);
  await login.goto(HOSTS.demo);
  await login.login(manager.username, PASSWORD);
  const picker = new RolePickerPage(page);
  await picker.expectOpen();

  await page.goto(`${HOSTS.demo}/?from=elsewhere`);
  await picker.expectOpen();
  expect(new URL(page.url()).searchParams.get('target')).toBe('/?from=elsewhere');
  await picker.choose('审核员');
  await expect(page).toHaveURL(`${HOSTS.demo}/?from=elsewhere`);
  await new WorkbenchPage(page).expectSignedIn({ name: manager.name, role: '审核员' });
});
