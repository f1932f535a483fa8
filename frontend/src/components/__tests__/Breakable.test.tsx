import { afterEach, describe, expect, it } from 'vitest';
import { Breakable, breakPieces } from '../ui/Breakable';
import { render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('Breakable', () => {
  it('breaks a domain after its dots and dashes, a link after its slashes and query parts', () => {
    expect(breakPieces('shop-east.demo.localhost')).toEqual(['shop-', 'east.', 'demo.', 'localhost']);
    expect(breakPieces('https://demo.example.com/h5/goods?id=7&ch=wx')).toEqual(['https://', 'demo.', 'example.', 'com/', 'h5/', 'goods?', 'id=', '7&', 'ch=', 'wx']);
  });

  it('cuts an order number between its letters and digits and the digits in fours; short runs and words stay whole', () => {
    expect(breakPieces('ZL202611250001')).toEqual(['ZL', '2026', '1125', '0001']);
    expect(breakPieces('ZL20261125000123')).toEqual(['ZL', '2026', '1125', '0001', '23']);
    expect(breakPieces('A12345678')).toEqual(['A', '12345678']);
    expect(breakPieces('localhostlocalhost')).toEqual(['localhostlocalhost']);
    expect(breakPieces('')).toEqual([]);
    for (const text of ['ZL202611250001', 'a.b/c', '演示租赁商城-东区']) expect(breakPieces(text).join('')).toBe(text);
  });

  it('renders the value whole with <wbr> between the pieces, breaking inside a piece only when it alone overflows; user data only when asked', async () => {
    const view = await render(
      <>
        <Breakable text="ZL202611250001" className="font-mono" />
        <Breakable text="shop.demo.localhost" userText as="p" />
      </>,
    );
    cleanup = view.unmount;
    const number = view.container.querySelector('span')!;
    expect(number.textContent).toBe('ZL202611250001');
    expect(number.querySelectorAll('wbr')).toHaveLength(3);
    expect(number.className).toContain('[overflow-wrap:break-word]');
    expect(number.className).toContain('font-mono');
    expect(number.hasAttribute('data-user-text')).toBe(false);
    const domain = view.container.querySelector('p')!;
    expect(domain.textContent).toBe('shop.demo.localhost');
    expect(domain.hasAttribute('data-user-text')).toBe(true);
  });
});
