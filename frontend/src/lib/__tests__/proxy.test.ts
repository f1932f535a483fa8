// @vitest-environment node
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '../../proxy';

function ask(url: string, cookies: Record<string, string> = {}) {
  const { host } = new URL(url);
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return proxy(new NextRequest(url, { headers: { host, ...(cookie ? { cookie } : {}) } }));
}

function redirectedTo(response: Response): string | null {
  const location = response.headers.get('location');
  if (!location) return null;
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
}

describe('the page proxy', () => {
  it('sends a page asked without the side’s session straight to sign-in, with its target', () => {
    const response = ask('http://demo.localhost:3000/regularOrder?status=wait_audit');
    expect(response.status).toBe(307);
    expect(redirectedTo(response)).toBe(`/main/login?target=${encodeURIComponent('/regularOrder?status=wait_audit')}`);
    // The workbench is where sign-in goes anyway: no target; with a query it keeps it.
    expect(redirectedTo(ask('http://demo.localhost:3000/'))).toBe('/main/login');
    expect(redirectedTo(ask('http://demo.localhost:3000/?from=bookmark'))).toBe(`/main/login?target=${encodeURIComponent('/?from=bookmark')}`);
  });

  it('lets a page through when the side’s session cookie is there, and never the other side’s', () => {
    expect(redirectedTo(ask('http://demo.localhost:3000/regularOrder', { zulin_store_token: 'abc' }))).toBeNull();
    expect(redirectedTo(ask('http://admin.localhost:3000/merchant', { zulin_admin_token: 'abc' }))).toBeNull();
    // A store token on the admin host is no admin session.
    expect(redirectedTo(ask('http://admin.localhost:3000/merchant', { zulin_store_token: 'abc' }))).toBe(`/main/login?target=${encodeURIComponent('/merchant')}`);
  });

  it('leaves the sign-in pages and unknown paths alone, and still mends a path’s casing', () => {
    expect(redirectedTo(ask('http://demo.localhost:3000/main/login?target=%2F'))).toBeNull();
    expect(redirectedTo(ask('http://demo.localhost:3000/main/rolePicker'))).toBeNull();
    expect(redirectedTo(ask('http://demo.localhost:3000/no-such-page'))).toBeNull();
    expect(redirectedTo(ask('http://demo.localhost:3000/REGULARORDER?x=1', { zulin_store_token: 'abc' }))).toBe('/regularOrder?x=1');
  });
});
