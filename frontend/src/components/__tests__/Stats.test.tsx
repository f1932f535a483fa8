import { afterEach, describe, expect, it } from 'vitest';
import { Stats } from '../ui/Stats';
import { render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('Stats', () => {
  it('lists each figure as a term and its value, toned, two a row on a phone', async () => {
    const view = await render(
      <Stats
        items={[
          { id: 'bills', label: '逾期账单', value: '2 期', tone: 'danger' },
          { id: 'rent', label: '逾期租金', value: '¥0.00', tone: 'muted' },
          { id: 'fee', label: '待付违约金', value: '¥3.00' },
          { id: 'total', label: '合计欠款', value: '¥3.00', tone: 'danger' },
        ]}
      />,
    );
    cleanup = view.unmount;
    const list = view.container.querySelector('dl')!;
    expect([...list.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['逾期账单', '逾期租金', '待付违约金', '合计欠款']);
    expect(list.querySelector('[data-stat="bills"] dd')!.className).toContain('text-red-700');
    expect(list.querySelector('[data-stat="rent"] dd')!.className).toContain('text-slate-500');
    expect(list.querySelector('[data-stat="fee"] dd')!.className).toContain('text-slate-900');
    expect(list.className).toContain('grid-cols-2');
    expect(list.className).toContain('sm:grid-cols-4');
  });

  it('sets the figures smaller when compact, and fits two or three a row', async () => {
    const view = await render(<Stats compact items={[{ id: 'a', label: 'A', value: '1' }, { id: 'b', label: 'B', value: '2' }, { id: 'c', label: 'C', value: '3' }]} />);
    cleanup = view.unmount;
    expect(view.container.querySelector('dl')!.className).toContain('sm:grid-cols-3');
    expect(view.container.querySelector('dd')!.className).toContain('text-sm');
  });
});
