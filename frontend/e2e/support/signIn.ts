import { type Browser, type BrowserContextOptions } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';

/** A browser context of its own (no stored session) signed in on `origin` as `username`. */
export async function signInFresh(browser: Browser, origin: string, username: string, password: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, ...options });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto(origin);
  await login.login(username, password);
  return { context, page, login };
}
