import { afterEach, describe, expect, it, vi } from 'vitest';
import { DetailQueryBody } from '../DetailSection';
import { byText, click, render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => cleanup());

async function show(query: { isPending: boolean; isError: boolean; data: { no: string } | undefined; refetch: () => unknown }) {
  const view = await render(
    <DetailQueryBody query={query} errorTitle="详情加载失败">
      {(found) => <p data-body>{found.no}</p>}
    </DetailQueryBody>,
  );
  cleanup = view.unmount;
  return view.container;
}

describe('DetailQueryBody', () => {
  it('shows the spinner while the query is pending, and no body', async () => {
    const container = await show({ isPending: true, isError: false, data: undefined, refetch: vi.fn() });
    expect(container.querySelector('[role="status"]')).not.toBeNull();
    expect(container.querySelector('[data-body]')).toBeNull();
  });

  it('says the detail failed and retries the query on demand', async () => {
    const refetch = vi.fn();
    const container = await show({ isPending: false, isError: true, data: undefined, refetch });
    expect(container.textContent).toContain('详情加载失败');
    await click(byText(container, 'button', '重试'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('renders the body from the data once it has answered', async () => {
    const container = await show({ isPending: false, isError: false, data: { no: 'W2026001' }, refetch: vi.fn() });
    expect(container.querySelector('[data-body]')?.textContent).toBe('W2026001');
  });
});
