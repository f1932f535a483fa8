/** Turns the server's menu tree into the side menu that is shown. */
import type { MenuNode } from '@/api/types';

export const MENU_GROUP_PATH = '#';

export const MENU_ICON_NAMES = [
  'home', 'goods', 'order', 'finance', 'merchant', 'shop', 'chart',
  'promotion', 'risk', 'service', 'setting', 'category', 'user', 'warehouse',
] as const;
export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

export interface SideMenuItem {
  id: number;
  name: string;
  /** A route for a page; a random numeric path for a group (its key and disclosure id). */
  path: string;
  icon: MenuIconName | null;
  isGroup: boolean;
  children: SideMenuItem[];
}

export function menuIconName(name: string | null | undefined): MenuIconName | null {
  return (MENU_ICON_NAMES as readonly string[]).includes(name ?? '') ? (name as MenuIconName) : null;
}

/** A '#' path stands for a group without a page; spec 2 gives it a random numeric path. */
export function randomNumericPath(random: () => number = Math.random): string {
  return `/${Math.floor(random() * 1e9) + 1}`;
}

function bySort(a: MenuNode, b: MenuNode): number {
  return (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;
}

/**
 * Keeps entries whose page is visible (built, on this side, allowed) and groups that still
 * hold a visible entry, in server sort order.
 */
export function buildSideMenu(
  nodes: readonly MenuNode[],
  isVisible: (path: string) => boolean,
  random: () => number = Math.random,
): SideMenuItem[] {
  const items: SideMenuItem[] = [];
  for (const node of [...nodes].sort(bySort)) {
    const children = buildSideMenu(node.children ?? [], isVisible, random);
    const isGroup = node.path === MENU_GROUP_PATH || node.path === '';
    if (isGroup) {
      if (children.length === 0) continue;
      items.push({ id: node.id, name: node.menu_name, path: randomNumericPath(random), icon: menuIconName(node.menu_icon), isGroup: true, children });
    } else if (isVisible(node.path)) {
      items.push({ id: node.id, name: node.menu_name, path: node.path, icon: menuIconName(node.menu_icon), isGroup: false, children });
    } else if (children.length > 0) {
      // A hidden page that still parents visible pages acts as a group.
      items.push({ id: node.id, name: node.menu_name, path: randomNumericPath(random), icon: menuIconName(node.menu_icon), isGroup: true, children });
    }
  }
  return items;
}
