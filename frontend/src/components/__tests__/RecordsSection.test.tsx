import type { ColumnDef } from '@/components/data-table/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordsSection, type WholeListQuery } from '../data-table/RecordsSection';
import { byText, click, render } from './render';

interface Key {
  id: number;
  name: string;
}
const columns: ColumnDef<Key, unknown>[] = [{ id: 'name', header: '名称', cell: ({ row }) => row.original.name }];

function answered(data: Key[] | undefined, more: Partial<WholeListQuery<Key>> = {}): WholeListQuery<Key> {
  return { data, isPending: data === undefined, isFetching: false, isError: false, refetch: () => undefined, ...more };
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('RecordsSection', () => {
  it('names the section, offers the create above the table and in the empty state', async () => {
    const onCreate = vi.fn();
    const view = await render(<RecordsSection texts="developers.apiKeys" columns={columns} query={answered([])} onCreate={onCreate} />);
    cleanup = view.unmount;
    expect(view.container.querySelector('section')!.getAttribute('aria-label')).toBe('API 密钥');
    expect(view.container.textContent).toContain('还没有 API 密钥');
    const creates = [...view.container.querySelectorAll('button')].filter((button) => button.textContent === '创建密钥');
    expect(creates).toHaveLength(2);
    await click(creates[0]);
    await click(creates[1]);
    expect(onCreate).toHaveBeenCalledTimes(2);
  });

  it('shows the rows with their count, and the error with a retry', async () => {
    const refetch = vi.fn();
    const view = await render(<RecordsSection texts="developers.apiKeys" columns={columns} query={answered([{ id: 1, name: '对账' }, { id: 2, name: '报表' }])} onCreate={() => undefined} />);
    cleanup = view.unmount;
    expect(view.container.querySelector('table')!.getAttribute('aria-label')).toBe('API 密钥列表');
    expect(view.container.textContent).toContain('共 2 个密钥');
    await view.rerender(<RecordsSection texts="developers.apiKeys" columns={columns} query={answered(undefined, { isPending: false, isError: true, refetch })} onCreate={() => undefined} />);
    expect(view.container.querySelector('[role="alert"]')!.textContent).toContain('API 密钥加载失败');
    await click(byText(view.container, 'button', '重试'));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
