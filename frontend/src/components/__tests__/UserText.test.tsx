import { afterEach, describe, expect, it } from 'vitest';
import { Truncate } from '../ui/Truncate';
import { UserText } from '../ui/UserText';
import { render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('UserText and the marking of user data', () => {
  it('marks what a person typed with data-user-text', async () => {
    const view = await render(<p>备注：<UserText>call after 6 pm</UserText></p>);
    cleanup = view.unmount;
    const marked = view.container.querySelector('[data-user-text]')!;
    expect(marked.textContent).toBe('call after 6 pm');
    expect(marked.parentElement!.firstChild!.textContent).toBe('备注：');
  });

  it('Truncate marks its text as user data unless told it is the screen’s own', async () => {
    const view = await render(
      <div>
        <Truncate text="张三的店" />
        <Truncate text="Workbench" userText={false} />
      </div>,
    );
    cleanup = view.unmount;
    const spans = view.container.querySelectorAll('span');
    expect(spans[0]!.hasAttribute('data-user-text')).toBe(true);
    expect(spans[1]!.hasAttribute('data-user-text')).toBe(false);
  });
});
