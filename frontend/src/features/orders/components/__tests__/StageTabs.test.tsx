import { describe, expect, it, vi } from 'vitest';
import { render } from '@/components/__tests__/render';
import { StageTabs } from '../StageTabs';

vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const COUNTS = { regular: 3, dealing: 5, overdue: 2, finished: 9, owing: 4, after_sale: 1, all: 24 };

describe('StageTabs', () => {
  it('lists the owing stage after the finished one, with its count, on its own route', async () => {
    const { container, unmount } = await render(<StageTabs current="owing" scope="main" search="" counts={COUNTS} />);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['常规订单3', '成交订单5', '逾期订单2', '完结订单9', '完结欠款4', '售后订单1']);
    const owing = links[4]!;
    expect(owing.getAttribute('href')).toBe('/owingOrder');
    expect(owing.getAttribute('aria-current')).toBe('page');
    await unmount();
  });

  it('keeps the sub-shop scope and the filters on the owing tab', async () => {
    const { container, unmount } = await render(<StageTabs current="finished" scope="sub" search="?kind=purchase" counts={undefined} />);
    const owing = [...container.querySelectorAll('a')].find((link) => link.textContent === '完结欠款');
    expect(owing?.getAttribute('href')).toBe('/s_owingOrder?kind=purchase');
    await unmount();
  });
});
