import { describe, expect, it } from 'vitest';
import type { SideMenuItem } from '@/lib/menu';
import { shortcutChoices } from '../shortcuts';

const page = (id: number, name: string, path: string): SideMenuItem => ({ id, name, path, icon: null, isGroup: false, children: [] });

describe('shortcut choices', () => {
  it('are the pages of the visible menu in menu order, without groups or the workbench', () => {
    const menu: SideMenuItem[] = [
      page(1, '工作台', '/'),
      { id: 2, name: '商品', path: '/482', icon: null, isGroup: true, children: [page(3, '商品管理', '/productManage'), page(4, '增值服务', '/addServeManage')] },
      page(5, '员工管理', '/staff'),
    ];
    expect(shortcutChoices(menu)).toEqual([
      { id: 3, name: '商品管理', path: '/productManage' },
      { id: 4, name: '增值服务', path: '/addServeManage' },
      { id: 5, name: '员工管理', path: '/staff' },
    ]);
  });
});
