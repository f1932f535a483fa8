'use client';

import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { MenuIcon } from '@/components/layout/MenuIcon';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { useLoginUserInfo } from '@/features/auth/queries';
import { RiskWarnings } from '@/features/risk/components/RiskWarnings';
import { useRiskBalance } from '@/features/risk/queries';
import { hasAction, menuPathVisible } from '@/lib/access';
import { buildSideMenu, menuIconName } from '@/lib/menu';
import { PLATFORM_ADMIN } from '@/lib/platform';
import { WORKBENCH_PATH } from '@/lib/routes';
import { useMemo, useState } from 'react';
import { USER_TEXT, userTag } from '@/components/ui/UserText';
import { shortcutChoices } from '../lib/shortcuts';
import { TodayPanel } from './TodayPanel';
import { useCommonFunctionMenu } from '../queries';

// Dialogs load when first opened (see lazyDialog).
const ShortcutsDialog = lazyDialog(() => import('./ShortcutsDialog').then((module) => module.ShortcutsDialog), () => true);

function Fact({ label, value, userText = false }: { label: string; value: string; userText?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-900" {...(userText ? USER_TEXT : {})}>{value}</dd>
    </div>
  );
}

function Shortcuts({ editing, onEdited }: { editing: boolean; onEdited: () => void }) {
  const t = useTranslations();
  const platformType = useGlobalState((state) => state.platformType);
  const auth = useGlobalState((state) => state.auth);
  const shortcuts = useCommonFunctionMenu(platformType);
  const session = useLoginUserInfo(platformType);
  const menus = session.data?.menus;
  // The entries the role may open: the side menu's pages (built, on this side, allowed).
  const choices = useMemo(() => shortcutChoices(menus ? buildSideMenu(menus, (path) => menuPathVisible(path, { platformType, auth })) : []), [menus, platformType, auth]);
  const dialog = editing && shortcuts.data && <ShortcutsDialog choices={choices} pinned={shortcuts.data.map((entry) => entry.id)} onClose={onEdited} />;
  if (shortcuts.isPending) return <Spinner />;
  if (shortcuts.isError) {
    return (
      <EmptyState
        tone="error"
        title={t('workbench.loadError')}
        action={<Button variant="secondary" onClick={() => shortcuts.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  // Only entries whose page is built (and allowed) are offered; the workbench is where the user already is.
  const visible = shortcuts.data.filter(
    (entry) => entry.path !== WORKBENCH_PATH && menuPathVisible(entry.path, { platformType, auth }),
  );
  if (visible.length === 0) {
    return (
      <>
        <EmptyState title={t('workbench.noShortcuts')} description={t('workbench.noShortcutsHint')} />
        {dialog}
      </>
    );
  }
  return (
    <>
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3">
      {visible.map((entry) => (
        <li key={entry.id}>
          <Link href={entry.path} className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 hover:border-brand-500 hover:text-brand-700">
            <MenuIcon name={menuIconName(entry.menu_icon)} className="size-6" />
            <span className="max-w-full truncate" title={entry.menu_name}>{entry.menu_name}</span>
          </Link>
        </li>
      ))}
    </ul>
    {dialog}
    </>
  );
}

/**
 * The store's risk alerts: orders the intake could not risk-check because the prepaid risk
 * balance was short (waiting for a manual audit), and a balance running low. For those who
 * recharge it or audit orders; never a sub-shop's account.
 */
function RiskAlerts({ subShop }: { subShop: boolean }) {
  const auth = useGlobalState((state) => state.auth);
  const canRecharge = hasAction(auth, 'risk.recharge');
  const canAudit = hasAction(auth, 'order.audit');
  const balance = useRiskBalance(!subShop && (canRecharge || canAudit));
  return <RiskWarnings balance={balance.data} canRecharge={canRecharge} canAudit={canAudit} />;
}

export function Workbench() {
  const t = useTranslations();
  const platformType = useGlobalState((state) => state.platformType);
  const session = useLoginUserInfo(platformType);
  const [editing, setEditing] = useState(false);
  if (session.isPending) return <Spinner />;
  if (session.isError) {
    return (
      <EmptyState tone="error" title={t('workbench.loadError')} action={<Button onClick={() => session.refetch()}>{t('common.retry')}</Button>} />
    );
  }
  const { user, current_role: currentRole } = session.data;
  const isAdmin = platformType === PLATFORM_ADMIN;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t('workbench.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t.rich('workbench.welcome', { name: user.name || user.username, user: userTag })}</p>
      </div>
      {!isAdmin && <RiskAlerts subShop={Boolean(user.sub_shop)} />}
      <TodayPanel subShop={!isAdmin && Boolean(user.sub_shop)} />
      <section aria-labelledby="workbench-profile" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="workbench-profile" className="mb-4 text-sm font-semibold text-slate-700">
          {t('workbench.profile')}
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Fact label={t('workbench.user')} value={user.name || user.username} userText />
          <Fact label={t('workbench.username')} value={user.username} userText />
          <Fact label={t('workbench.role')} value={currentRole?.name ?? t('workbench.noRole')} />
          <Fact label={t('workbench.side')} value={t(isAdmin ? 'app.sides.admin' : 'app.sides.store')} />
          {!isAdmin && user.merchant && <Fact label={t('workbench.merchant')} value={user.merchant.name} userText />}
          {!isAdmin && user.sub_shop && <Fact label={t('workbench.subShop')} value={user.sub_shop.name} userText />}
        </dl>
      </section>
      <section aria-labelledby="workbench-shortcuts" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="workbench-shortcuts" className="text-sm font-semibold text-slate-700">
            {t('workbench.shortcuts')}
          </h2>
          <Button variant="secondary" className="px-2.5 py-1" onClick={() => setEditing(true)}>
            {t('workbench.edit.title')}
          </Button>
        </div>
        <Shortcuts editing={editing} onEdited={() => setEditing(false)} />
      </section>
    </div>
  );
}
