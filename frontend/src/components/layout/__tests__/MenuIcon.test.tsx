import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@/components/__tests__/render';
import { MENU_ICON_NAMES } from '@/lib/menu';
import { MENU_ICON_SPRITE, MenuIcon } from '../MenuIcon';

const sprite = readFileSync(join(__dirname, '../../../../public', MENU_ICON_SPRITE), 'utf8');
const symbols = new DOMParser().parseFromString(sprite, 'image/svg+xml');

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => cleanup?.());

describe('MenuIcon', () => {
  it('has a drawn symbol in the sprite for every icon name the backend may send, and one for any other', () => {
    for (const name of [...MENU_ICON_NAMES, 'none']) {
      const path = symbols.querySelector(`symbol[id="${name}"] path`);
      expect(path, name).not.toBeNull();
      expect(path!.getAttribute('d')!.length, name).toBeGreaterThan(10);
      expect(path!.getAttribute('stroke')).toBe('currentColor');
    }
    expect(symbols.querySelectorAll('symbol')).toHaveLength(MENU_ICON_NAMES.length + 1);
  });

  it('draws the named symbol, and the general one for a name it does not know', async () => {
    const view = await render(
      <>
        <MenuIcon name="order" />
        <MenuIcon name={null} className="size-6" />
      </>,
    );
    cleanup = view.unmount;
    const [order, none] = [...view.container.querySelectorAll('svg')];
    expect(order!.querySelector('use')!.getAttribute('href')).toBe('/menu-icons.svg#order');
    expect(order!.getAttribute('aria-hidden')).toBe('true');
    expect(none!.querySelector('use')!.getAttribute('href')).toBe('/menu-icons.svg#none');
    expect(none!.getAttribute('class')).toBe('size-6');
  });
});
