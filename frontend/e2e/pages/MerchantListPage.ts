import { expect, type Page } from '@playwright/test';

export interface OnboardingInput {
  name: string;
  slug: string;
  ownerPassword: string;
  ownerName: string;
  contactName?: string;
  contactPhone?: string;
  rate?: string;
  bankName?: string;
  accountName?: string;
  accountNumber?: string;
}

/** Admin side: /merchant list and its onboarding dialog. */
export class MerchantListPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: '商户管理' });
  readonly table = () => this.page.getByRole('table', { name: '商户列表' });
  readonly onboardButton = () => this.page.getByRole('button', { name: '开通商户' }).first();
  readonly dialog = () => this.page.getByRole('dialog');
  readonly field = (label: string) => this.dialog().getByLabel(label, { exact: true });
  readonly submit = () => this.dialog().getByRole('button', { name: /开通商户|重试开通/ });
  readonly statusChip = (name: string) => this.page.getByRole('group', { name: '按状态筛选' }).getByRole('button', { name, exact: true });
  readonly keyword = () => this.page.getByRole('searchbox', { name: '关键词' });

  async goto(origin: string, query = '') {
    await this.page.goto(`${origin}/merchant${query}`);
    await expect(this.heading()).toBeVisible();
  }

  async openOnboarding() {
    await this.onboardButton().click();
    await expect(this.dialog().getByRole('heading', { name: '开通商户' })).toBeVisible();
  }

  async fillOnboarding(input: OnboardingInput) {
    await this.field('商户名称').fill(input.name);
    await this.field('商户标识').fill(input.slug);
    await this.field('联系人姓名').fill(input.contactName ?? 'E2E 联系人');
    await this.field('联系电话').fill(input.contactPhone ?? '13800001234');
    await this.field('店主初始密码').fill(input.ownerPassword);
    await this.field('店主姓名').fill(input.ownerName);
    await this.field('佣金比例').fill(input.rate ?? '5.5');
    await this.field('结算周期').selectOption('T+7');
    await this.field('开户银行').fill(input.bankName ?? '招商银行');
    await this.field('账户名称').fill(input.accountName ?? input.name);
    await this.field('银行账号').fill(input.accountNumber ?? '6222000011112222');
  }

  /** Submits and waits for the ready panel; answers the store URL it shows. */
  async submitAndWaitReady(name: string): Promise<string> {
    await this.submit().click();
    const ready = this.dialog().getByRole('status').filter({ hasText: `“${name}”已就绪` });
    await expect(ready).toBeVisible({ timeout: 60_000 });
    return (await this.dialog().getByRole('link', { name: /^http/ }).textContent()) ?? '';
  }

  async onboard(origin: string, input: OnboardingInput): Promise<string> {
    await this.goto(origin);
    await this.openOnboarding();
    await this.fillOnboarding(input);
    return this.submitAndWaitReady(input.name);
  }
}
