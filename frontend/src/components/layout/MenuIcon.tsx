import type { MenuIconName } from '@/lib/menu';

/** The icons' sprite (public/menu-icons.svg): an image fetched once, not script on every screen. */
export const MENU_ICON_SPRITE = '/menu-icons.svg';

/**
 * A menu icon: a symbol of the sprite, drawn in the text's colour (`currentColor`). The path
 * data lives in the sprite rather than in this module, which every screen's first load carries
 * (about 2 KB gzip of a 200 KB budget).
 */
export function MenuIcon({ name, className = 'size-5' }: { name: MenuIconName | null; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" data-icon={name ?? 'none'}>
      <use href={`${MENU_ICON_SPRITE}#${name ?? 'none'}`} />
    </svg>
  );
}
