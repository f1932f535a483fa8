import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out: a test file's tables laid out for the kit's fit, each column header
 * (`isColumn`) 200 px, a table as wide as its columns or its card, the card (`data-scroll-x`)
 * `card.width` px, which a test may change. Called at the top of the file.
 */
export function fakeTableLayout(isColumn: (th: HTMLElement) => boolean = () => true): { width: number } {
  const card = { width: 2000 };
  const descriptors = {
    offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
    clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth'),
  };
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
      configurable: true,
      get(this: HTMLElement) {
        if (this.tagName === 'TH' && isColumn(this)) return 200;
        if (this.tagName === 'TABLE') return Math.max(card.width, [...this.querySelectorAll<HTMLElement>('thead th')].reduce((sum, th) => sum + th.offsetWidth, 0));
        return 0;
      },
    });
    Object.defineProperty(Element.prototype, 'clientWidth', {
      configurable: true,
      get(this: Element) {
        return this.hasAttribute('data-scroll-x') ? card.width : 0;
      },
    });
  });
  afterAll(() => {
    if (descriptors.offsetWidth) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', descriptors.offsetWidth);
    if (descriptors.clientWidth) Object.defineProperty(Element.prototype, 'clientWidth', descriptors.clientWidth);
  });
  return card;
}
