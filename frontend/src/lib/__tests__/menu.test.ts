import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@/api/types';
import { buildSideMenu, menuIconName, randomNumericPath } from '../menu';

const node = (id: number, path: string, children: MenuNode[] = [], sort = id): MenuNode => ({
  id,
  menu_name: `menu ${id}`,
  path,
  menu_icon: 'goods',
  menu_pid: 0,
  sort,
  children,
});

describe('buildSideMenu', () => {
  const visible = (path: string) => path === '/' || path === '/productManage';

  it('keeps visible pages and groups holding them, in sort order', () => {
    const tree = [node(2, '#', [node(21, '/productManage'), node(22, '/product')], 2), node(1, '/', [], 1), node(3, '#', [node(31, '/merchant')], 3)];
    const menu = buildSideMenu(tree, visible, () => 0.5);
    expect(menu.map((item) => item.id)).toEqual([1, 2]);
    expect(menu[1]).toMatchObject({ isGroup: true, children: [{ id: 21, path: '/productManage', isGroup: false }] });
  });

  it('gives a "#" group a random numeric path', () => {
    const menu = buildSideMenu([node(2, '#', [node(21, '/')])], visible, () => 0.123456789);
    expect(menu[0]!.path).toMatch(/^\/\d+$/);
    expect(menu[0]!.path).toBe('/123456790');
  });

  it('hides entries whose page is not built', () => {
    expect(buildSideMenu([node(5, '/dataCenter')], visible)).toEqual([]);
  });
});

describe('menu helpers', () => {
  it('accepts only known icon names', () => {
    expect(menuIconName('order')).toBe('order');
    expect(menuIconName('rocket')).toBeNull();
    expect(menuIconName(undefined)).toBeNull();
  });

  it('makes numeric paths', () => {
    expect(randomNumericPath(() => 0)).toBe('/1');
    expect(randomNumericPath()).toMatch(/^\/\d+$/);
  });
});
