import { expect, type Page } from '@playwright/test';

/** The notarization section of /orderInfo/[id]: its status, step buttons, link and evidence. */
export class NotarySection {
  constructor(readonly page: Page) {}

  readonly region = () => this.page.getByRole('region', { name: '合同公证', exact: true });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly evidenceHash = () => this.region().locator('[data-evidence-hash]');
  readonly link = () => this.region().locator('[data-notary-link] a');

  async press(button: string) {
    await this.region().getByRole('button', { name: button, exact: true }).click();
  }

  async expectStatus(status: string) {
    await expect(this.region().locator('[data-tone]').first()).toHaveText(status);
  }

  /** Presses "check progress" until the notary's outcome shows (the sandbox ends a case after a few seconds). */
  async waitForOutcome(status: string) {
    await expect
      .poll(
        async () => {
          const check = this.region().getByRole('button', { name: '查询进度', exact: true });
          if (await check.isVisible()) await check.click();
          return (await this.region().locator('[data-tone]').first().innerText()).trim();
        },
        { timeout: 30_000, intervals: [1_000, 2_000, 3_000] },
      )
      .toBe(status);
  }
}
