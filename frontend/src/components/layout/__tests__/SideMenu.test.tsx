import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/__tests__/render';
import { SideMenu } from '../SideMenu';
import type { SideMenuItem } from '@/lib/menu';

const prefetch = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ prefetch, push: vi.fn(), replace: vi.fn() }), usePathname: () => '/regularOrder' }));
// The link as next/link renders it, saying whether it would prefetch when shown.
vi.mock('next/link', () => ({
  default: ({ href, prefetch: shown, children, ...rest }: { href: string; prefetch?: boolean; children: React.ReactNode }) => (
    <a href={href} data-prefetch={String(shown)} {...rest}>
      {children}
    </a>
  ),
}));

const item = (id: number, name: string, path: string, children: SideMenuItem[] = []): SideMenuItem => ({ id, name, path, icon: null, isGroup: children.length > 0, children });
const items = [item(1, '工作台', '/'), item(2, '订单', '/123', [item(3, '常规订单', '/regularOrder'), item(4, '租用中', '/dealingOrder')])];

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  prefetch.mockClear();
});

describe('SideMenu', () => {
  it('asks for a screen ahead only when a user reaches for its link, not while the screen loads', async () => {
    const view = await render(<SideMenu items={items} />);
    cleanup = view.unmount;
    const links = [...view.container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/regularOrder', '/dealingOrder']);
    expect(links.every((link) => link.dataset.prefetch === 'false')).toBe(true);
    expect(prefetch).not.toHaveBeenCalled();
    expect(view.container.querySelector('a[aria-current="page"]')!.getAttribute('href')).toBe('/regularOrder');

    await act(async () => {
      links[2]!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    expect(prefetch).toHaveBeenLastCalledWith('/dealingOrder');
    await act(async () => {
      links[0]!.focus();
    });
    expect(prefetch).toHaveBeenLastCalledWith('/');
    expect(prefetch).toHaveBeenCalledTimes(2);
  });
});
