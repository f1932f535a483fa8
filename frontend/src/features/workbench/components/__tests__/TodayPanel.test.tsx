import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle, withQueryClient } from '@/components/__tests__/render';
import { TodayPanel, todoPath } from '../TodayPanel';

vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: 1, auth: [] }) }));

const answer = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
const TODAY = { date: '2026-11-24', orders: 3, deals: 2, deal_value: '9576.00', rent_due: '399.00', rent_received: '798.00', buyout_due: '0.00', buyout_received: '0.00', overdue_amount: '0.00', overdue_base: '0.00', overdue_rate: null };

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function show(data: unknown, subShop = false) {
  vi.stubGlobal('fetch', vi.fn(async () => answer(data)));
  const view = await render(withQueryClient(<TodayPanel subShop={subShop} />));
  cleanup = view.unmount;
  for (let round = 0; round < 20; round += 1) await settle();
}

describe('TodayPanel', () => {
  it("shows today's figures and links each to-do to its filtered list", async () => {
    await show({ today: TODAY, todos: [{ key: 'awaiting_audit', count: 1 }, { key: 'overdue', count: 2 }] });
    const card = document.querySelector('[data-card="today"]')!;
    expect(card.querySelector('[data-stat="orders"]')?.textContent).toContain('3');
    expect(card.querySelector('[data-stat="rent_received"]')?.textContent).toContain('798.00');
    expect(card.querySelector('[data-todo="awaiting_audit"] a')?.getAttribute('href')).toBe('/regularOrder?todo=awaiting_audit');
    expect(card.querySelector('[data-todo="overdue"] a')?.textContent).toContain('逾期订单2');
  });

  it('shows nothing to a role with neither figures nor to-dos', async () => {
    await show({ today: null, todos: [] });
    expect(document.querySelector('[data-card="today"]')).toBeNull();
  });

  it("leads a sub-shop's account to its own lists, and the platform to its approvals", () => {
    expect(todoPath('awaiting_shipment', true)).toBe('/s_dealingOrder?todo=awaiting_shipment');
    expect(todoPath('withdrawals_pending', false)).toBe('/cashWithdrawal?status=pending');
    expect(todoPath('withdrawals_reviewing', false)).toBe('/cashWithdrawal?status=reviewing');
    expect(todoPath('shipments_stuck', false)).toBe('/shipments?attention=stuck');
    expect(todoPath('shipments_exception', false)).toBe('/shipments?attention=exception');
    expect(todoPath('privacy_overdue', false)).toBe('/privacyRequests?attention=overdue');
    expect(todoPath('unknown', false)).toBeNull();
  });
});
