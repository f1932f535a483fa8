import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countActiveFilters, FilterBar, FilterSelect, SearchBox } from '../filters/FilterBar';
import { DateField } from '../ui/DateField';
import { byText, click, render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

/** A screen `width` px wide, for the bar's media query. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width: ([\d.]+)px/.test(query) ? width <= Number(query.match(/max-width: ([\d.]+)px/)![1]) : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const OPTIONS = [
  { value: '', label: '全部' },
  { value: '7', label: '手机' },
];

function Filters({ category = '7', keyword = 'iPhone', onChange = () => undefined }: { category?: string; keyword?: string; onChange?: (value: string) => void }) {
  return (
    <FilterBar>
      <FilterSelect label="分类" value={category} options={OPTIONS} onChange={onChange} />
      <>
        <div>
          <SearchBox label="关键词" initial={keyword} onSearch={() => undefined} />
        </div>
      </>
      <FilterSelect label="状态" value="" options={OPTIONS} onChange={() => undefined} />
    </FilterBar>
  );
}

describe('FilterBar', () => {
  it('counts the filters set among the kit pieces (away from their first option), through fragments and wrappers', () => {
    expect(countActiveFilters(<Filters />)).toBe(0); // a component it does not look into
    expect(
      countActiveFilters([
        <FilterSelect key="a" label="分类" value="7" options={OPTIONS} onChange={() => undefined} />,
        <div key="b">
          <SearchBox label="关键词" initial="x" onSearch={() => undefined} />
        </div>,
        <FilterSelect key="c" label="状态" value="" options={OPTIONS} onChange={() => undefined} />,
        // A sort on its first (default) option is not a filter set.
        <FilterSelect key="d" label="排序" value="new" options={[{ value: 'new', label: '最新在前' }, { value: 'old', label: '最早在前' }]} onChange={() => undefined} />,
        // A date set counts; an empty one does not.
        <DateField key="e" label="开始日期" value="2026-11-01" onChange={() => undefined} />,
        <DateField key="f" label="结束日期" value="" onChange={() => undefined} />,
        null,
        'text',
      ]),
    ).toBe(3);
  });

  it('lays the filters out in a bar on a desktop', async () => {
    screenWidth(1440);
    const view = await render(<Filters />);
    cleanup = view.unmount;
    expect(view.container.querySelectorAll('select')).toHaveLength(2);
    expect(byText(view.container, 'button', /^筛选/)).toBeUndefined();
  });

  it('folds them into a sheet at phone width, behind a button that says how many are set', async () => {
    screenWidth(390);
    const onChange = vi.fn();
    const view = await render(<Filters onChange={onChange} />);
    cleanup = view.unmount;
    expect(view.container.querySelectorAll('select')).toHaveLength(0);
    const open = view.container.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]')!;
    expect(open.getAttribute('aria-label')).toBe('筛选，已选 2 项');
    expect(open.querySelector('[data-filter-count]')!.textContent).toBe('2');

    await click(open);
    const sheet = document.querySelector('[role="dialog"]')!;
    expect(sheet.textContent).toContain('筛选');
    const select = sheet.querySelector('select')!;
    await act(async () => {
      select.value = '';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledWith('');
    await click(byText(sheet, 'button', '完成'));
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    await view.rerender(<Filters category="" keyword="" />);
    const none = view.container.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]')!;
    expect(none.getAttribute('aria-label')).toBe('筛选');
    expect(none.querySelector('[data-filter-count]')).toBeNull();
  });

  it('takes the count from the screen when it has filters of its own', async () => {
    screenWidth(390);
    const view = await render(
      <FilterBar active={3}>
        <input aria-label="日期" />
      </FilterBar>,
    );
    cleanup = view.unmount;
    expect(view.container.querySelector('button[aria-haspopup="dialog"]')!.getAttribute('aria-label')).toBe('筛选，已选 3 项');
  });
});
