import { afterEach, describe, expect, it } from 'vitest';
import { StatusBadge } from '../StatusBadge';
import { Truncate } from '../ui/Truncate';
import { render } from './render';

const HUNDRED_ZEROS = '0'.repeat(100);
let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('Truncate and StatusBadge', () => {
  it('cuts long text to one line and keeps the full value on hover', async () => {
    const view = await render(<Truncate text={HUNDRED_ZEROS} />);
    cleanup = view.unmount;
    const span = view.container.querySelector('span')!;
    expect(span.getAttribute('title')).toBe(HUNDRED_ZEROS);
    expect(span.className).toContain('truncate');
    expect(span.textContent).toBe(HUNDRED_ZEROS);
  });

  it('clamps to lines and wraps anywhere when asked for more than one line', async () => {
    const view = await render(<Truncate as="p" text="名字" lines={2} />);
    cleanup = view.unmount;
    expect(view.container.querySelector('p')!.className).toMatch(/line-clamp-2.*overflow-wrap:anywhere/);
  });

  it('shows a status with its tone', async () => {
    const view = await render(<StatusBadge tone="red">冻结</StatusBadge>);
    cleanup = view.unmount;
    const badge = view.container.querySelector('[data-tone]')!;
    expect(badge.getAttribute('data-tone')).toBe('red');
    expect(badge.textContent).toBe('冻结');
  });
});
