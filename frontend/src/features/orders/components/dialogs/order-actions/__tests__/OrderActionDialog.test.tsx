import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/__tests__/render';
import type { OrderDetail, OrderRef } from '../../../../queries';
import { OrderActionDialog } from '../OrderActionDialog';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const detail = { order_no: 'ZL2026110100001', kind: 'lease', shipments: [], device_serial: '', unit: null } as unknown as OrderDetail;
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

async function openWith(button: Parameters<typeof OrderActionDialog>[0]['button'], shown: OrderDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: [] }), { status: 200, headers: { 'content-type': 'application/json' } })));
  const view = await render(
    <QueryClientProvider client={client}>
      <OrderActionDialog button={button} detail={shown} orderRef={orderRef} onClose={vi.fn()} onDeleted={vi.fn()} />
    </QueryClientProvider>,
  );
  cleanup = async () => {
    await view.unmount();
    vi.unstubAllGlobals();
  };
}

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

  it('starts an exchange for the customer naming the device to take back by the code a scanner reads', async () => {
    const unit = { id: 3, serial_number: 'SN-EXCHANGE-1', imei1: '860000000000001', imei2: '', meid: '', grade: 'new', status: 'out_with_customer' };
    await openWith('apply_exchange', { ...detail, unit } as unknown as OrderDetail);
    expect(dialogText()).toContain('为订单 ZL2026110100001 发起换货');
    expect(document.querySelector('[data-exchange-device]')?.textContent).toBe('860000000000001');
    const buttons = Array.from(document.querySelectorAll('[role="dialog"] button'), (button) => button.textContent);
    expect(buttons).toContain('发起换货');
  });
});
