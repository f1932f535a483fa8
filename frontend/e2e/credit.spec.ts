import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { CreditReportPage } from './pages/CreditReportPage';

// The demo's credit reporting (apps/credit/demo.py): a file the bureau partly rejected, the
// rejected record corrected, and a second file carrying the correction, accepted.
test.use({ storageState: STORAGE.demo });

test('the credit file tree of an order, from the reporting screen to the order detail', async ({ page }) => {
  const screen = new CreditReportPage(page);
  await screen.goto(HOSTS.demo);
  await expect(screen.files()).toHaveCount(2);
  await expect(screen.files().filter({ hasText: '部分退回' })).toHaveCount(1);
  await expect(screen.files().filter({ hasText: '全部接收' })).toHaveCount(1);

  // The corrected record: filtered in the URL, it names the record that replaced it.
  await screen.tab('已更正').click();
  await expect(page).toHaveURL(/state=replaced/);
  const corrected = screen.records().first();
  await expect(corrected).toContainText('已被 CR');
  await expect(corrected.getByText('E_AMOUNT')).toBeVisible();

  // A file's tree: sections by account type, an account's records with their status codes.
  await screen.files().filter({ hasText: '全部接收' }).getByRole('button').first().click();
  const fileTree = page.getByRole('tree').first();
  await expect(fileTree.getByRole('button', { name: /账户段 D1/ })).toBeVisible();

  // The order the corrected record belongs to: its credit section shows the order's file.
  await corrected.getByRole('link').click();
  await expect(page).toHaveURL(/\/orderInfo\/\d+/);
  const section = page.getByRole('region', { name: '征信报送' });
  await expect(section.getByText('客户已授权报送')).toBeVisible();
  const tree = section.getByRole('tree', { name: '征信文件' });
  await expect(tree.getByRole('button', { name: /账户段 D1/ })).toBeVisible();
  const account = tree.getByRole('button', { name: /^账户 D1/ });
  await account.click();
  await expect(tree.getByRole('button', { name: /^报送记录 CR/ }).first()).toBeVisible();
  await tree.getByRole('button', { name: /^报送记录 CR/ }).first().click();
  await expect(tree.getByText('还款状态').first()).toBeVisible();
  // The ID number is masked on the screen.
  await expect(tree.getByText(/\*{4,}/).first()).toBeVisible();
});
