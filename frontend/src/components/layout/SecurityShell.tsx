'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useRouter } from 'next/navigation';
import dynamic from 'next/dynamic';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useGlobalState, useGlobalStore } from '@/components/GlobalStateProvider';
import { SiteBrand } from '@/features/auth/components/LoginFrame';
import { useLoginUserInfo } from '@/features/auth/queries';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { checkAccess, hasAction, menuPathVisible, routeAccess } from '@/lib/access';
import { listenToFrames } from '@/lib/frameBridge';
import { buildSideMenu } from '@/lib/menu';
import { PLATFORM_STORE } from '@/lib/platform';
import { loginHref, ROLE_PICKER_PATH, safeTarget } from '@/lib/routes';
import { useClientValue } from '@/lib/useClientValue';
import { Forbidden } from './Forbidden';
import { Header } from './Header';
import { SideMenu } from './SideMenu';

// The phone drawer (Headless UI's dialog) loads when the menu button is first pressed.
const MenuDrawer = dynamic(() => import('./MenuDrawer'), { ssr: false });

// The word that the system turned webhook endpoints off: loaded only for a store account that
// manages them (the developers' screen says it itself).
const DisabledEndpointsBanner = dynamic(() => import('@/features/developers/components/DisabledEndpointsBanner'), { ssr: false });

function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}

/**
 * The security layout: checks access, loads the session (user, roles, auth, menus), and
 * frames every page with the side menu and header. Pages the user's auth list does not allow
 * are replaced by the forbidden page.
 */
export function SecurityShell({ fixturesEnabled, children }: { fixturesEnabled: boolean; children: ReactNode }) {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const store = useGlobalStore();
  const platformType = useGlobalState((state) => state.platformType);
  const contentWidth = useGlobalState((state) => state.contentWidth);
  // Phone width: the side menu is a drawer behind the header's menu button; a link closes it.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  const allowed = useClientValue(() => checkAccess(platformType));
  const session = useLoginUserInfo(platformType, { enabled: allowed === true });

  useEffect(() => {
    if (allowed === false) {
      router.replace(loginHref(`${window.location.pathname}${window.location.search}`));
    }
  }, [allowed, router]);

  useEffect(() => {
    if (!session.data) return;
    const { site, roles, current_role, auth } = session.data;
    store.setState({ siteName: site.name, logo: site.logo, roles, currentRole: current_role, auth });
  }, [session.data, store]);

  // A multi-role account whose token has no role yet (left the role picker) picks one first.
  const needsRole = Boolean(session.data && !session.data.current_role && session.data.roles.length > 1);
  useEffect(() => {
    if (!needsRole) return;
    const target = safeTarget(`${window.location.pathname}${window.location.search}`);
    router.replace(`${ROLE_PICKER_PATH}?target=${encodeURIComponent(target)}`);
  }, [needsRole, router]);

  useEffect(
    () =>
      listenToFrames({
        onOpen: (url) => window.open(url, '_blank', 'noopener,noreferrer'),
        onNavigate: (route) => router.push(route),
      }),
    [router],
  );

  const auth = session.data?.auth;
  const menu = useMemo(
    () => (session.data ? buildSideMenu(session.data.menus, (path) => menuPathVisible(path, { platformType, auth: auth ?? [] })) : []),
    [session.data, auth, platformType],
  );

  if (allowed !== true) return <FullPageSpinner />;
  if (session.isPending || needsRole) {
    return (
      <>
        <FullPageSpinner label={t('layout.loadingSession')} />
        {/* The screen asks for its data while the session loads, not after it (one round trip
            less before anything shows): hidden and inert, it only starts its queries, which the
            framed screen then finds cached or in flight. Every call is checked by the API. */}
        {session.isPending && (
          <div hidden inert data-testid="screen-prefetch">
            {children}
          </div>
        )}
      </>
    );
  }
  if (session.isError) {
    return (
      <div className="mx-auto max-w-md px-6 py-16">
        <EmptyState
          tone="error"
          title={t('layout.sessionError')}
          action={<Button onClick={() => session.refetch()}>{t('common.retry')}</Button>}
        />
      </div>
    );
  }

  const { user, roles, current_role: currentRole, site } = session.data;
  const access = routeAccess(pathname, { platformType, auth: session.data.auth, fixturesEnabled });
  const webhookBanner = platformType === PLATFORM_STORE && hasAction(session.data.auth, 'webhook.manage') && pathname.toLowerCase() !== '/developers';

  const brand = (
    <div className="flex h-14 items-center px-4 [&_span]:text-white">
      <SiteBrand name={site.name || t('app.defaultName')} logo={site.logo} />
    </div>
  );
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-56 shrink-0 bg-slate-900 md:block">
        {brand}
        <SideMenu items={menu} />
      </aside>
      {menuOpen && (
        <MenuDrawer label={t('layout.mainMenu')} onClose={() => setMenuOpen(false)}>
          {brand}
          <SideMenu items={menu} />
        </MenuDrawer>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header user={user} roles={roles} currentRole={currentRole} onOpenMenu={() => setMenuOpen(true)} />
        <main className="min-w-0 flex-1 p-4 md:p-6">
          {/* The content keeps its width on a desktop; on a phone it fits the screen and lists scroll in their card. */}
          <div className="md:min-w-[var(--content-width)]" style={{ '--content-width': `${contentWidth}px` } as React.CSSProperties}>
            {webhookBanner && <DisabledEndpointsBanner />}
            {access.status === 'forbidden' ? <Forbidden /> : children}
          </div>
        </main>
      </div>
    </div>
  );
}
