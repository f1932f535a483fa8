'use client';

import { useTranslations } from 'next-intl';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { PageHeader } from '@/components/PageHeader';
import { LinkTabs } from '@/components/ui/LinkTabs';
import { hasAction } from '@/lib/access';
import { developersHref, developersSearch, parseDevelopersState, visibleViews } from '../lib/developers';
import { ApiKeysView } from './ApiKeysView';
import { DeliveriesView } from './DeliveriesView';
import { EndpointAlerts } from './EndpointAlerts';
import { EndpointsView } from './EndpointsView';
import { GuideView } from './GuideView';
import { IntakeKeysView } from './IntakeKeysView';

/**
 * /developers (store, `webhook.manage`): what the shop's own systems connect with — webhook
 * endpoints and their deliveries, API keys, the customer applet's intake keys (for
 * `intake.manage`), and a guide to verifying and receiving deliveries. Each view is its own
 * address (`?view=`); an endpoint the system turned off is named above every view.
 */
export function DevelopersScreen() {
  const t = useTranslations('developers');
  const auth = useGlobalState((state) => state.auth);
  const canManageIntake = hasAction(auth, 'intake.manage');
  const { state, update } = useListUrlState(parseDevelopersState, developersSearch);
  const views = visibleViews(canManageIntake);
  const view = views.includes(state.view) ? state.view : 'endpoints';
  const tabs = views.map((id) => ({ id, href: developersHref(id), label: t(`views.${id}`) }));

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('title')} description={t('description')} />
      <EndpointAlerts />
      <LinkTabs label={t('views.label')} tabs={tabs} current={view} />
      {view === 'endpoints' && <EndpointsView />}
      {view === 'deliveries' && <DeliveriesView state={state} update={update} />}
      {view === 'apiKeys' && <ApiKeysView />}
      {view === 'intake' && <IntakeKeysView />}
      {view === 'guide' && <GuideView />}
    </div>
  );
}
