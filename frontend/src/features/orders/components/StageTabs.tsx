'use client';

import Link from 'next/link';
import { ORDER_STAGES, stageListPath, type OrderKind, type OrderListScope, type OrderStage } from '../lib/stages';
import type { OrderStageCounts } from '../queries';
import { useOrderText } from './labels';

/**
 * The five stage lists as tabs (each its own route), with how many orders each holds. The
 * order type travels along, so a person reading purchase orders stays on purchase orders.
 */
export function StageTabs({ current, scope, kind, counts }: { current: OrderStage; scope: OrderListScope; kind: OrderKind; counts: OrderStageCounts | undefined }) {
  const { t } = useOrderText();
  return (
    <nav aria-label={t('list.stageTabs')} className="-mx-1 overflow-x-auto px-1">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {ORDER_STAGES.map((stage) => {
          const active = stage === current;
          const href = kind === 'lease' ? stageListPath(stage, scope) : `${stageListPath(stage, scope)}?kind=${kind}`;
          return (
            <li key={stage}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800'
                }`}
              >
                {t(`stage.${stage}`)}
                {counts && <span className={`rounded-full px-1.5 text-xs tabular-nums ${active ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-500'}`}>{counts[stage]}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
