import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { AgingPage } from './pages/AgingPage';

// The demo's last step projects each shop's open recovery cases (zulin/demo.py:
// aging_showcase_load): the demo shop has debts in every bucket, acme its own figures.
const DEMO = '演示租赁商城';
const ACME = 'Acme 数码租赁';

test.describe('/aging (platform)', () => {
  test.use({ storageState: STORAGE.admin });

  test('the platform opens /aging from its menu and filters by merchant, kept in the URL', async ({ page }) => {
    const screen = new AgingPage(page);
    await page.goto(`${HOSTS.admin}/`);
    await page.getByRole('link', { name: '账龄分析' }).first().click();
    await expect(screen.heading()).toBeVisible();
    await expect(page).toHaveURL(/\/aging$/);

    await expect(screen.stat('total')).toContainText(/¥[1-9]/);
    await expect(screen.stat('M3+')).toContainText('¥');
    await expect(screen.drawnChart()).toBeVisible();
    await expect(screen.row(DEMO)).toBeVisible();
    await expect(screen.row(ACME)).toBeVisible();

    await screen.merchant().selectOption({ label: ACME });
    await expect(page).toHaveURL(/merchant_id=\d+/);
    await expect(screen.row(ACME)).toBeVisible();
    await expect(screen.row(DEMO)).toHaveCount(0);
    await page.reload();
    await expect(screen.merchant()).not.toHaveValue('');
    await expect(screen.row(DEMO)).toHaveCount(0);
    await expect(screen.row(ACME)).toBeVisible();

    await screen.merchant().selectOption({ label: DEMO });
    await expect(screen.row(DEMO)).toBeVisible();
    await expect(screen.row(ACME)).toHaveCount(0);
    await expect(screen.stat('total')).toContainText(/¥[1-9]/);
  });
});
