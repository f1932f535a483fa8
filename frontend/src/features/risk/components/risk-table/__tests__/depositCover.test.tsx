import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/__tests__/render';
import { EMPTY_VALUE } from '@/components/format';
import type { CellContext } from '@/components/data-table/types';
import type { RiskQueryRow } from '../../../queries';
import { useRiskQueryColumns } from '../columns';

vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const query = (id: number, patch: Partial<RiskQueryRow>): RiskQueryRow => ({
  id, query_no: `RQ${id}`, query_type: 'basic', query_type_name: '基础风控', query_type_name_en: 'Basic', price: '2.00', source: 'intake', source_name: '下单',
  order_id: id, order_no: `ZL${id}`, name: '张*', id_number: '1101**********1234', phone: '139****0001', score: 700, grade: 'B', decision: 'pass',
  decision_name: '通过', decision_name_en: 'Pass', hit_rules: [], reference: '', actor: 'system', created_at: '2026-11-01T10:00:00+08:00',
  deposit_fund: null, deposit_credit: null, ...patch,
});

/** Each row's deposit cover cell, as the risk list's column renders it. */
function Cells({ rows }: { rows: RiskQueryRow[] }) {
  const columns = useRiskQueryColumns();
  const column = columns.find((c) => c.id === 'deposit_cover')!;
  return (
    <table>
      <thead><tr><th>{String(column.header)}</th></tr></thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.id} data-row={row.order_no}>
            <td>{column.cell!({ row: { id: String(row.id), index, original: row } } as CellContext<RiskQueryRow>)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => cleanup());

describe('the risk list deposit cover column', () => {
  it("shows the customer's money and Zhima's guarantee apart, and a dash when nothing was frozen", async () => {
    const view = await render(
      <Cells rows={[
        query(1, { deposit_fund: '333.34', deposit_credit: '166.66' }),
        query(2, { deposit_fund: '0.00', deposit_credit: '500.00' }),
        query(3, { deposit_fund: '699.80', deposit_credit: '0.00' }),
        query(4, {}),
      ]} />,
    );
    cleanup = view.unmount;
    const cell = (no: string) => view.container.querySelector(`[data-row="${no}"] td`)!.textContent;
    expect(view.container.querySelector('th')!.textContent).toBe('押金构成');
    expect(cell('ZL1')).toContain('客户资金 ¥333.34');
    expect(cell('ZL1')).toContain('芝麻担保 ¥166.66');
    // All credit: no money of the customer's frozen at all.
    expect(cell('ZL2')).toContain('客户资金 ¥0.00');
    expect(cell('ZL2')).toContain('芝麻担保 ¥500.00');
    expect(cell('ZL3')).toContain('芝麻担保 ¥0.00');
    expect(view.container.querySelector('[data-row="ZL4"] [data-testid="deposit-cover"]')).toBeNull();
    expect(cell('ZL4')).toBe(EMPTY_VALUE);
  });
});
