import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterPills } from '../filters/FilterPills';
import { FilterSelect, SearchBox } from '../filters/FilterBar';
import { readId, withPatch } from '../filters/listState';
import { byText, click, render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('filters', () => {
  it('pills press the chosen status and report the new one, with counts', async () => {
    const onChange = vi.fn();
    const options = [
      { value: undefined, label: '全部', count: 5 },
      { value: 'active' as const, label: '正常', count: 3 },
    ];
    const view = await render(<FilterPills label="状态" value="active" options={options} onChange={onChange} />);
    cleanup = view.unmount;
    expect(byText(view.container, 'button', /正常/)!.getAttribute('aria-pressed')).toBe('true');
    expect(byText(view.container, 'button', /全部/)!.textContent).toContain('5');
    await click(byText(view.container, 'button', /全部/));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });

  it('pills name their group before them when asked (two groups side by side), else only to assistive tech', async () => {
    const options = [{ value: undefined, label: '全部' }];
    const named = await render(<FilterPills showLabel label="范围" value={undefined} options={options} onChange={vi.fn()} />);
    expect(named.container.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('范围');
    expect(named.container.querySelector('[role="group"] > span')!.textContent).toBe('范围');
    await named.unmount();
    const plain = await render(<FilterPills label="状态" value={undefined} options={options} onChange={vi.fn()} />);
    cleanup = plain.unmount;
    expect(plain.container.querySelector('[role="group"] > span')).toBeNull();
    expect(plain.container.textContent).toBe('全部');
  });

  it('a select reports its value; the search box applies on submit only', async () => {
    const onSelect = vi.fn();
    const onSearch = vi.fn();
    const view = await render(
      <>
        <FilterSelect label="分类" value="" options={[{ value: '', label: '全部' }, { value: '7', label: '手机' }]} onChange={onSelect} />
        <SearchBox label="关键词" initial="" onSearch={onSearch} />
      </>,
    );
    cleanup = view.unmount;
    const select = view.container.querySelector('select')!;
    await act(async () => {
      select.value = '7';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onSelect).toHaveBeenCalledWith('7');
    await act(async () => view.container.querySelector('form')!.requestSubmit());
    expect(onSearch).toHaveBeenCalledWith('');
  });

  it('list state: a filter change goes back to page 1, ids are read forgivingly', () => {
    expect(withPatch({ page: 3, status: 'a' }, { status: 'b' })).toEqual({ page: 1, status: 'b' });
    expect(withPatch({ page: 3, status: 'a' }, { page: 4 })).toEqual({ page: 4, status: 'a' });
    expect(readId(new URLSearchParams('id=12'), 'id')).toBe(12);
    expect(readId(new URLSearchParams('id=-1'), 'id')).toBeUndefined();
  });
});
