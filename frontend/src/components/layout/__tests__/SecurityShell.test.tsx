import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/__tests__/render';
import { GlobalStateProvider } from '@/components/GlobalStateProvider';
import { PLATFORM_STORE } from '@/lib/platform';
import { SecurityShell } from '../SecurityShell';

const session = vi.hoisted(() => ({ current: { isPending: true, isError: false, data: undefined as unknown, refetch: () => {} } }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ replace: vi.fn(), push: vi.fn() }), usePathname: () => '/regularOrder' }));
vi.mock('next/link', () => ({ default: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a> }));
vi.mock('@/features/auth/queries', async (original) => ({
  ...(await original<typeof import('@/features/auth/queries')>()),
  useLoginUserInfo: () => session.current,
  useChooseRole: () => ({ mutate: vi.fn(), isPending: false }),
  useLogout: () => ({ mutate: vi.fn(), isPending: false }),
}));
vi.mock('@/lib/access', async (original) => ({ ...(await original<typeof import('@/lib/access')>()), checkAccess: () => true }));

const signedIn = {
  user: { id: 1, username: 'owner', name: '店主', avatar: '' },
  roles: [{ code: 'owner', name: '店主' }],
  current_role: { code: 'owner', name: '店主' },
  auth: [],
  menus: [],
  site: { name: '演示租赁商城', logo: '' },
};

const client = new QueryClient();
const shell = (node: ReactNode) => (
  <QueryClientProvider client={client}>
    <GlobalStateProvider platformType={PLATFORM_STORE}>
      <SecurityShell fixturesEnabled={false}>{node}</SecurityShell>
    </GlobalStateProvider>
  </QueryClientProvider>
);

/** A screen that says when it mounted: it would ask for its data then. */
function Screen({ mounted }: { mounted: () => void }) {
  useEffect(mounted, [mounted]);
  return <h1>订单列表</h1>;
}

afterEach(() => {
  session.current = { isPending: true, isError: false, data: undefined, refetch: () => {} };
  document.body.innerHTML = '';
});

describe('SecurityShell', () => {
  it('mounts the screen while the session loads, hidden and inert, so its data calls start at once', async () => {
    const mounted = vi.fn();
    const view = await render(
      shell(<Screen mounted={mounted} />)
    );
    expect(mounted).toHaveBeenCalledTimes(1);
    const heading = view.container.querySelector('h1');
    const holder = heading?.closest('[hidden]');
    expect(holder).not.toBeNull();
    expect(holder?.hasAttribute('inert')).toBe(true);
    // What the user sees meanwhile is the session's spinner, outside the hidden screen.
    const spinner = view.container.querySelector('[role="status"]');
    expect(spinner?.textContent).toContain('正在加载账户信息');
    expect(spinner?.closest('[hidden]')).toBeNull();

    // The session arrives: the screen is framed by the shell and shown (no hidden copy left).
    session.current = { isPending: false, isError: false, data: signedIn, refetch: () => {} };
    await act(async () => view.rerender(
      shell(<Screen mounted={mounted} />)
    ));
    const shown = [...view.container.querySelectorAll('h1')];
    expect(shown).toHaveLength(1);
    expect(shown[0]?.closest('[hidden]')).toBeNull();
    expect(shown[0]?.closest('main')).not.toBeNull();
    await view.unmount();
  });

  it('shows no screen, not even hidden, when the session failed', async () => {
    session.current = { isPending: false, isError: true, data: undefined, refetch: () => {} };
    const mounted = vi.fn();
    const view = await render(
      shell(<Screen mounted={mounted} />)
    );
    expect(mounted).not.toHaveBeenCalled();
    expect(view.container.querySelector('h1')).toBeNull();
    await view.unmount();
  });
});
