import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, render, withQueryClient } from '@/components/__tests__/render';
import { CategoryManage } from '../CategoryManage';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const TREE = [
  {
    id: 1,
    name: '手机',
    icon: '',
    level: 1,
    status: 1,
    sort: 10,
    children: [{ id: 2, name: '苹果', icon: '', level: 2, status: 0, sort: 5, children: [] }],
  },
];

async function renderScreen(tree: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: tree }), { status: 200, headers: { 'content-type': 'application/json' } })));
  const view = await render(withQueryClient(<CategoryManage />));
  cleanup = view.unmount;
  return view;
}

const names = (container: HTMLElement) => [...container.querySelectorAll('tbody tr td[data-column="name"]')].map((cell) => cell.textContent);

describe('CategoryManage', () => {
  it("shows the tree in the kit's table, a disabled category toned down, and folds a branch", async () => {
    const { container } = await renderScreen(TREE);
    const table = container.querySelector('table')!;
    expect(table.getAttribute('aria-label')).toBe('商品分类');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['分类名称', '层级', '状态', '排序', '操作']);
    expect(names(container)).toEqual(['手机', '苹果']);
    expect(table.querySelectorAll('tbody tr')[1]!.className).toContain('text-slate-400');
    expect(container.querySelector('button[aria-label="为 苹果 添加子分类"]')).not.toBeNull();
    await click(container.querySelector<HTMLElement>('button[aria-label="收起 手机"]')!);
    expect(names(container)).toEqual(['手机']);
    expect(container.querySelector('button[aria-label="展开 手机"]')!.getAttribute('aria-expanded')).toBe('false');
  });

  it('says so when there is no category yet', async () => {
    const { container } = await renderScreen([]);
    expect(container.querySelector('table')).toBeNull();
    expect(container.textContent).toContain('还没有分类');
  });
});
