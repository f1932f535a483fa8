import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/apiError';
import { RequestFailure } from '@/lib/request';
import { RequestFailedError } from '@/lib/query';
import { DetailError, DetailQueryBody } from '../DetailSection';
import { isRecordUnavailable } from '../RecordUnavailable';
import { render } from './render';

vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => cleanup());

const failure = (code: number) => new ApiError(new RequestFailure(code, 'msg', null));

describe('RecordUnavailable', () => {
  it('tells a record the session may not see from a failed request', () => {
    expect(isRecordUnavailable(failure(404))).toBe(true);
    expect(isRecordUnavailable(failure(403))).toBe(true);
    expect(isRecordUnavailable(failure(500))).toBe(false);
    expect(isRecordUnavailable(failure(-1))).toBe(false);
    expect(isRecordUnavailable(new RequestFailedError('/api/x'))).toBe(false);
    expect(isRecordUnavailable(undefined)).toBe(false);
  });

  it('says 不存在或无权查看 with the way back, and offers no retry', async () => {
    const onRetry = vi.fn();
    const view = await render(<DetailError title="订单详情加载失败" onRetry={onRetry} error={failure(404)} back={{ href: '/dealingOrder', label: '返回成交订单' }} />);
    cleanup = view.unmount;
    expect(view.container.textContent).toContain('不存在或无权查看');
    expect(view.container.textContent).not.toContain('订单详情加载失败');
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe('/dealingOrder');
    expect(view.container.querySelector('a')?.textContent).toBe('返回成交订单');
    expect(view.container.querySelector('button')).toBeNull();
  });

  it('keeps the retry for any other failure', async () => {
    const view = await render(<DetailError title="订单详情加载失败" onRetry={vi.fn()} error={failure(500)} back={{ href: '/dealingOrder', label: '返回' }} />);
    cleanup = view.unmount;
    expect(view.container.textContent).toContain('订单详情加载失败');
    expect(view.container.querySelector('[data-record-unavailable]')).toBeNull();
    expect(view.container.querySelector('button')?.textContent).toBe('重试');
  });

  it('is what a detail body shows for a hidden record', async () => {
    const view = await render(
      <DetailQueryBody query={{ isPending: false, isError: true, error: failure(404), data: undefined, refetch: vi.fn() }} errorTitle="详情加载失败">
        {() => <p>body</p>}
      </DetailQueryBody>,
    );
    cleanup = view.unmount;
    expect(view.container.querySelector('[data-record-unavailable]')?.textContent).toContain('不存在或无权查看');
  });
});
