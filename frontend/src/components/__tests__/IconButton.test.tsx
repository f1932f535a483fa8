import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeViewport, notify } from '../ui/Notice';
import { IconButton } from '../ui/IconButton';
import { render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('IconButton', () => {
  it('names itself and shows its label as the tooltip, with no visible text', async () => {
    const onClick = vi.fn();
    const view = await render(
      <IconButton label="关闭" onClick={onClick}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    cleanup = view.unmount;
    const button = view.container.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('关闭');
    expect(button.getAttribute('title')).toBe('关闭');
    expect(button.getAttribute('type')).toBe('button'); // never submits the form it sits in
    expect(button.textContent).toBe('');
    await act(async () => button.click());
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is what the kit’s icon-only buttons are: a notice’s dismiss shows 关闭通知 on hover and dismisses it', async () => {
    const view = await render(<NoticeViewport />);
    cleanup = view.unmount;
    await act(async () => {
      notify({ kind: 'info', message: { raw: '已保存' } });
    });
    const dismiss = view.container.querySelector('button')!;
    expect(dismiss.getAttribute('title')).toBe(dismiss.getAttribute('aria-label'));
    expect(dismiss.getAttribute('title')).toBe('关闭通知');
    await act(async () => dismiss.click());
    expect(view.container.textContent).not.toContain('已保存');
  });
});
