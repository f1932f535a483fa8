import { expect, type Page } from '@playwright/test';

/** Store side: /subMerchant list and /subMerchantDetails with its accounts. */
export class MerchantSubShopsPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: '子商户管理' });
  readonly table = () => this.page.getByRole('table', { name: '子商户列表' });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly accounts = () => this.page.getByRole('table', { name: '子商户账号' });

  async goto(origin: string) {
    await this.page.goto(`${origin}/subMerchant`);
    await expect(this.heading()).toBeVisible();
  }

  async createSubShop(input: { name: string; contact: string; phone: string; address: string }) {
    await this.page.getByRole('button', { name: '新建子商户' }).first().click();
    const dialog = this.dialog();
    await dialog.getByLabel('子商户名称').fill(input.name);
    await dialog.getByLabel('联系人').fill(input.contact);
    await dialog.getByLabel('联系电话').fill(input.phone);
    await dialog.getByLabel('地址').fill(input.address);
    await dialog.getByRole('button', { name: '创建' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.table().getByRole('link', { name: input.name, exact: true })).toBeVisible();
  }

  async openDetail(name: string) {
    await this.page.getByRole('link', { name: `查看 ${name}` }).click();
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  async createAccount(input: { username: string; password: string; name: string; phone?: string }) {
    await this.page.getByRole('button', { name: '新建账号' }).click();
    const dialog = this.dialog();
    await dialog.getByLabel('用户名').fill(input.username);
    await dialog.getByLabel('初始密码').fill(input.password);
    await dialog.getByLabel('姓名').fill(input.name);
    if (input.phone) await dialog.getByLabel('手机号').fill(input.phone);
    await dialog.getByRole('button', { name: '新建账号' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.accounts().getByRole('cell', { name: input.username, exact: true })).toBeVisible();
  }
}
