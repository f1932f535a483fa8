'use client';

import { LinkTabs } from '@/components/ui/LinkTabs';
import { ORDER_STAGES, stageListPath, type OrderListScope, type OrderStage } from '../lib/stages';
import type { OrderStageCounts } from '../queries';
import { useOrderText } from './labels';

/**
 * The six stage lists as tabs (each its own route), with how many orders each holds. The
 * list's filters travel along (`search`: `stageTabSearch`, the filters the counts were made
 * with), so each tab's count is the total of the list it opens.
 */
export function StageTabs({ current, scope, search, counts }: { current: OrderStage; scope: OrderListScope; search: string; counts: OrderStageCounts | undefined }) {
  const { t } = useOrderText();
  const tabs = ORDER_STAGES.map((stage) => ({
    id: stage,
    href: `${stageListPath(stage, scope)}${search}`,
    label: t(`stage.${stage}`),
    ...(counts ? { count: counts[stage] } : {}),
  }));
  return <LinkTabs label={t('list.stageTabs')} tabs={tabs} current={current} />;
}
