import { expect, type Locator, type Page } from '@playwright/test';

/** The warehouse screens: devices (/assets), stock receipts (/stockReceipts), transfers (/stockTransfers). */
export class AssetsPage {
  constructor(readonly page: Page) {}

  readonly devicesHeading = () => this.page.getByRole('heading', { level: 1, name: '设备管理' });
  readonly receiptsHeading = () => this.page.getByRole('heading', { level: 1, name: '采购入库' });
  readonly transfersHeading = () => this.page.getByRole('heading', { level: 1, name: '设备调拨' });
  readonly dialog = (name: string | RegExp) => this.page.getByRole('dialog', { name });
  /** A scan field (it keeps the focus between scans). */
  readonly scanField = (scope: Locator) => scope.locator('[data-scan-input] input');
  readonly scanResults = (scope: Locator) => scope.locator('[data-scan-results] li');

  async gotoDevices(origin: string, query = '') {
    await this.page.goto(`${origin}/assets${query}`);
    await expect(this.devicesHeading()).toBeVisible();
  }

  async gotoReceipts(origin: string, query = '') {
    await this.page.goto(`${origin}/stockReceipts${query}`);
    await expect(this.receiptsHeading()).toBeVisible();
  }

  async gotoTransfers(origin: string, query = '') {
    await this.page.goto(`${origin}/stockTransfers${query}`);
    await expect(this.transfersHeading()).toBeVisible();
  }

  /** Types a code into a scan field and presses Enter, as a USB scanner does. */
  async scan(scope: Locator, code: string) {
    const field = this.scanField(scope);
    await expect(field).toBeFocused();
    await field.pressSequentially(code, { delay: 5 });
    await field.press('Enter');
  }

  /** Pastes a column of codes into a scan field. */
  async paste(scope: Locator, codes: readonly string[]) {
    const field = this.scanField(scope);
    await field.focus();
    await field.evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, codes.join('\n'));
  }
}

/** A 15-digit IMEI with a valid Luhn check digit, from a 14-digit body. */
export function imeiOf(body: string): string {
  const digits = body.padStart(14, '0').slice(-14);
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    let digit = Number(digits[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}
