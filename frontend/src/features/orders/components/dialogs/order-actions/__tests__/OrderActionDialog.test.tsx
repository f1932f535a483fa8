import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/__tests__/render';
import type { OrderDetail, OrderRef } from '../../../../queries';
import { OrderActionDialog } from '../OrderActionDialog';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const detail = { order_no: 'ZL2026110100001', kind: 'lease', shipments: [], device_serial: '' } as unknown as OrderDetail;
const orderRef: OrderRef = { id: 7, merchantId: null };

async function open(button: Parameters<typeof OrderActionDialog>[0]['button']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: [] }), { status: 200, headers: { 'content-type': 'application/json' } })));
  const view = await render(
    <QueryClientProvider client={client}>
      <OrderActionDialog button={button} detail={detail} orderRef={orderRef} onClose={vi.fn()} onDeleted={vi.fn()} />
    </QueryClientProvider>,
  );
  cleanup = async () => {
    await view.unmount();
    vi.unstubAllGlobals();
  };
  return view;
}

const dialogText = () => document.querySelector('[role="dialog"]')?.textContent;

describe('OrderActionDialog', () => {
  it('shows nothing while no button is pressed', async () => {
    await open(null);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("loads the pressed button's own dialog", async () => {
    await open('delete');
    expect(dialogText()).toContain('删除订单 ZL2026110100001');
    await cleanup();
    await open('audit_pass');
    expect(dialogText()).toContain('审核通过订单 ZL2026110100001');
  });
});
