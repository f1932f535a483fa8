import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@/components/__tests__/render';
import { UnitIdentifiers } from '../OrderFacts';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const unit = { id: 42, serial_number: 'SN-0042', imei1: '860000000000042', imei2: '', meid: '', grade: 'new', status: 'out_with_customer' };

describe('UnitIdentifiers', () => {
  it("names the order's unit by its identifiers as stored and links to its page in the assets", async () => {
    const view = await render(<UnitIdentifiers unit={unit} href />);
    cleanup = view.unmount;
    const link = view.container.querySelector('a[data-unit-link]');
    expect(link?.getAttribute('href')).toBe('/assets/42');
    expect(link?.getAttribute('aria-label')).toBe('查看设备 SN-0042');
    expect(link?.textContent).toBe('序列号 SN-0042IMEI1 860000000000042');
  });

  it('shows the identifiers without a link to whoever may not see the assets', async () => {
    const view = await render(<UnitIdentifiers unit={{ ...unit, serial_number: '' }} href={false} />);
    cleanup = view.unmount;
    expect(view.container.querySelector('a')).toBeNull();
    expect(view.container.textContent).toBe('IMEI1 860000000000042');
  });
});
