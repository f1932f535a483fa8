'use client';

import { LinkTabs } from '@/components/ui/LinkTabs';
import { ORDER_STAGES, stageListPath, type OrderKind, type OrderListScope, type OrderStage } from '../lib/stages';
import type { OrderStageCounts } from '../queries';
import { useOrderText } from './labels';

/**
 * The five stage lists as tabs (each its own route), with how many orders each holds. The
 * order type travels along, so a person reading purchase orders stays on purchase orders.
 */
export function StageTabs({ current, scope, kind, counts }: { current: OrderStage; scope: OrderListScope; kind: OrderKind; counts: OrderStageCounts | undefined }) {
  const { t } = useOrderText();
  const tabs = ORDER_STAGES.map((stage) => ({
    id: stage,
    href: kind === 'lease' ? stageListPath(stage, scope) : `${stageListPath(stage, scope)}?kind=${kind}`,
    label: t(`stage.${stage}`),
    ...(counts ? { count: counts[stage] } : {}),
  }));
  return <LinkTabs label={t('list.stageTabs')} tabs={tabs} current={current} />;
}
