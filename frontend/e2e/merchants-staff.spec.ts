import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { MerchantStaffPage } from './pages/MerchantStaffPage';

test.use({ storageState: STORAGE.demo });

test('the demo owner creates a staff member with two roles and finds them by role filter kept in the URL', async ({ page }) => {
  const username = `st${Date.now().toString(36)}`;
  const staff = new MerchantStaffPage(page);
  await staff.goto(HOSTS.demo);
  await staff.create({ username, password: 'Staff2026pw', name: 'E2E 员工', roles: ['审核员', '客服'] });
  await staff.filterRole('客服');
  await expect(page).toHaveURL(/role=customer_service/);
  await expect(staff.table().getByRole('cell', { name: username, exact: true })).toBeVisible();
  await staff.filterRole('财务');
  await expect(staff.table().getByRole('cell', { name: username, exact: true })).toHaveCount(0);
  await staff.filterRole('全部角色');
  await expect(staff.table()).toBeVisible();
});
