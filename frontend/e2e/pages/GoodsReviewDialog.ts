import { expect, type Page } from '@playwright/test';

/** The platform's review dialog on the admin /productManage. */
export class GoodsReviewDialog {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: '审核商品' });
  readonly reason = () => this.dialog().getByRole('textbox', { name: '驳回原因（驳回时必填）' });
  readonly rejectButton = () => this.dialog().getByRole('button', { name: '驳回', exact: true });
  readonly approveButton = () => this.dialog().getByRole('button', { name: '审核通过' });

  async turnDown(reason: string) {
    await expect(this.dialog()).toBeVisible();
    await this.reason().fill(reason);
    await this.rejectButton().click();
    await expect(this.dialog()).toBeHidden();
  }

  async approve() {
    await expect(this.dialog()).toBeVisible();
    await this.approveButton().click();
    await expect(this.dialog()).toBeHidden();
  }
}
