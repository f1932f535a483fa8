import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';

test.use({ storageState: STORAGE.demo });

test.describe('recovery write-off and report', () => {
  test('the written-off case shows its write-off; a case younger than the shop’s age offers none', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/recovery?state=written_off&who=all`);
    const table = page.getByRole('table', { name: '催收案件' });
    await expect(table.getByRole('row')).toHaveCount(2); // the header and the demo's one write-off
    await table.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/recovery\/\d+/);
    await expect(page.getByText('已核销').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: '核销', exact: true })).toBeVisible();
    await expect(page.locator('[data-stat="written_off"]')).toContainText('¥');
    await expect(page.locator('[data-stat="recovered"]')).toContainText('¥');
    await expect(page.getByText(/经财务审批核销/)).toBeVisible();
    await expect(page.getByRole('button', { name: '核销坏账' })).toHaveCount(0);
    // Still owed: the customer is still reached and sent payment links; no promise, no assignment.
    await expect(page.getByText(/已核销：客户仍欠款/)).toBeVisible();
    await expect(page.getByRole('button', { name: '记录联系' })).toBeVisible();
    await expect(page.getByRole('button', { name: '发送还款链接' })).toBeVisible();
    await expect(page.getByRole('button', { name: '登记还款承诺' })).toHaveCount(0);
    // One owed figure (issue 60): the case owes what the order still owes of the written-off
    // bills — the demo's customer paid one of them after the write-off, so not the amount written
    // off — and the order's bills say the same past due.
    const owed = (await page.locator('[data-stat="total_owed"] dd').textContent())!;
    await expect(page.locator('[data-stat="written_off"] dd')).not.toHaveText(owed);
    await page.getByRole('link', { name: '查看订单' }).click();
    await expect(page).toHaveURL(/\/orderInfo\/\d+/);
    await expect(page.locator('section[aria-labelledby="order-bills"] [data-figure="owed_total"]')).toContainText(`其中已逾期 ${owed}`);
    await page.goBack();

    // An open case short of 180 days past due: the write-off shown disabled, saying how long to wait.
    await page.goto(`${HOSTS.demo}/recovery?who=all&bucket=M1`);
    await table.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('button', { name: '记录联系' })).toBeVisible();
    const writeOff = page.getByRole('button', { name: '核销坏账' });
    await expect(writeOff).toBeDisabled();
    await expect(writeOff).toHaveAccessibleDescription(/^逾期 180 天后可核销，还差 \d+ 天$/);
  });

  test('the report shows each collector then the totals, by bucket too, and an empty range says so', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/recoveryReport`);
    await expect(page.getByRole('heading', { level: 1, name: '催收报表' })).toBeVisible();
    const table = page.getByRole('table', { name: '催收报表' });
    await expect(table.getByRole('row', { name: /合计/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: '回收率' })).toBeVisible();

    await page.getByLabel('分组').selectOption('bucket');
    await expect(page).toHaveURL(/group=bucket/);
    for (const bucket of ['M1', 'M2', 'M3', 'M3+']) await expect(table.getByRole('cell', { name: bucket, exact: true })).toBeVisible();
    await page.reload();
    await expect(table.getByRole('cell', { name: 'M3+', exact: true })).toBeVisible();

    // Long before the shop opened: nothing to report.
    await page.goto(`${HOSTS.demo}/recoveryReport?date_from=2020-01-01&date_to=2020-01-31`);
    await expect(page.getByText('所选日期内没有催收案件')).toBeVisible();
  });
});
