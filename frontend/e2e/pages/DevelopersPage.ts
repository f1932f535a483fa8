import { expect, type Locator, type Page } from '@playwright/test';

type View = 'endpoints' | 'deliveries' | 'apiKeys' | 'intake' | 'guide';
const VIEW_NAMES: Record<View, string> = { endpoints: 'Webhook 端点', deliveries: '投递记录', apiKeys: 'API 密钥', intake: '小程序接入密钥', guide: '接入指南' };

/** The developers' screen (/developers): endpoints, deliveries, API keys, intake keys, guide. */
export class DevelopersPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: '开发者' });
  readonly tabs = () => this.page.getByRole('navigation', { name: '开发者视图' });
  readonly dialog = (name: string | RegExp) => this.page.getByRole('dialog', { name });
  readonly endpoints = () => this.page.getByRole('table', { name: 'Webhook 端点列表' });
  readonly deliveries = () => this.page.getByRole('table', { name: '投递记录列表' });
  readonly apiKeys = () => this.page.getByRole('table', { name: 'API 密钥列表' });
  readonly intakeKeys = () => this.page.getByRole('table', { name: '小程序接入密钥列表' });
  /** The row of a table whose text holds `text` (a URL, a key's name). */
  readonly row = (table: Locator, text: string) => table.locator('tbody > tr:not([data-row-details])').filter({ hasText: text });
  /** The banner above the views for an endpoint the system disabled. */
  readonly alert = (endpointId: number) => this.page.locator(`[data-endpoint-alert="${endpointId}"]`);

  async goto(origin: string, view: View = 'endpoints') {
    await this.page.goto(`${origin}/developers${view === 'endpoints' ? '' : `?view=${view}`}`);
    await expect(this.heading()).toBeVisible();
  }

  async open(view: View) {
    await this.tabs().getByRole('link', { name: VIEW_NAMES[view], exact: true }).click();
    await expect(this.tabs().getByRole('link', { name: VIEW_NAMES[view], exact: true })).toHaveAttribute('aria-current', 'page');
  }

  /**
   * The secret a dialog shows once: read, then the dialog closed by its one button. Answers the
   * secret, for the caller to check it is not shown again.
   */
  async takeSecret(title: string, pattern: RegExp): Promise<string> {
    const shown = this.dialog(title);
    await expect(shown).toBeVisible();
    await expect(shown.getByText('关闭后将无法再次查看')).toBeVisible();
    const field = shown.locator('[data-secret-once] input');
    await expect(field).toHaveValue(pattern);
    const secret = await field.inputValue();
    await shown.getByRole('button', { name: '我已保存，关闭' }).click();
    await expect(shown).toBeHidden();
    return secret;
  }

  /** The secret is nowhere on the page any more (no text, no field holding it). */
  async expectSecretGone(secret: string) {
    await expect(this.page.getByText(secret)).toHaveCount(0);
    const held = await this.page.locator('input').evaluateAll((inputs, value) => inputs.filter((input) => (input as HTMLInputElement).value === value).length, secret);
    expect(held).toBe(0);
  }
}
