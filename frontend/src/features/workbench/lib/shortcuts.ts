/** Which menu entries can become workbench shortcuts: the visible pages of the side menu. */
import type { SideMenuItem } from '@/lib/menu';
import { WORKBENCH_PATH } from '@/lib/routes';

/** The server keeps at most twelve pins (apps/workbench/services.py). */
export const MAX_SHORTCUTS = 12;

export interface ShortcutChoice {
  id: number;
  name: string;
  path: string;
}

/** Every page entry of the (already filtered) side menu, in menu order, except the workbench. */
export function shortcutChoices(menu: readonly SideMenuItem[]): ShortcutChoice[] {
  return menu.flatMap((item) =>
    item.isGroup ? shortcutChoices(item.children) : item.path === WORKBENCH_PATH ? [] : [{ id: item.id, name: item.name, path: item.path }],
  );
}
