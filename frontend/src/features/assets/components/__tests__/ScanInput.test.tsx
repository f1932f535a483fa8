import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, render, settle } from '@/components/__tests__/render';
import { ApiError } from '@/lib/apiError';
import { RequestFailure } from '@/lib/request';
import { ScanInput, type ScanInputProps } from '../ScanInput';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const field = () => document.querySelector('[data-scan-input] input') as HTMLInputElement;
const outcomes = () => [...document.querySelectorAll('[data-scan-results] li')].map((li) => `${li.getAttribute('data-scan-outcome')} ${li.textContent}`);

async function type(text: string) {
  const input = field();
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function enter() {
  await act(async () => {
    field().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  await settle();
}

async function paste(text: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
  await act(async () => {
    field().dispatchEvent(event);
  });
  await settle();
  return event;
}

async function mount(onScan: (code: string) => Promise<string>, extra: Partial<Pick<ScanInputProps, 'disabledReason' | 'onIdle' | 'confirmFor'>> = {}) {
  const view = await render(<ScanInput label="扫描序列号或 IMEI" onScan={onScan} beep={false} {...extra} />);
  cleanup = view.unmount;
  return view;
}

describe('ScanInput', () => {
  it('is focused, sends the code on Enter, empties itself and lists the result', async () => {
    const onScan = vi.fn(async (code: string) => `入库 ${code}`);
    const onIdle = vi.fn();
    await mount(onScan, { onIdle });
    expect(document.activeElement).toBe(field());
    await type('  SN-0001 ');
    await enter();
    expect(onScan).toHaveBeenCalledWith('SN-0001');
    expect(field().value).toBe('');
    expect(outcomes()).toEqual(['ok 成功SN-0001入库 SN-0001']);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(field());
  });

  it('ignores Enter on an empty field', async () => {
    const onScan = vi.fn(async () => '');
    await mount(onScan);
    await enter();
    expect(onScan).not.toHaveBeenCalled();
  });

  it('scans a pasted column line by line, in order, one at a time', async () => {
    const seen: string[] = [];
    let inFlight = 0;
    let most = 0;
    const onScan = vi.fn(async (code: string) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(code);
      inFlight -= 1;
      return 'ok';
    });
    await mount(onScan);
    const event = await paste('SN1\r\nSN2\n\nSN3\n');
    for (let round = 0; round < 10 && seen.length < 3; round += 1) await settle();
    expect(event.defaultPrevented).toBe(true);
    expect(seen).toEqual(['SN1', 'SN2', 'SN3']);
    expect(most).toBe(1);
    // Newest first.
    expect(outcomes().map((line) => line.split(' ')[1])).toEqual(['成功SN3ok', '成功SN2ok', '成功SN1ok']);
    expect(field().value).toBe('');
  });

  it('leaves one pasted code in the field for Enter', async () => {
    const onScan = vi.fn(async () => '');
    await mount(onScan);
    const event = await paste('SN9\n');
    expect(event.defaultPrevented).toBe(false);
    expect(onScan).not.toHaveBeenCalled();
  });

  it("shows an error's message, goes on with the next code and keeps the focus", async () => {
    const onScan = vi.fn(async (code: string) => {
      if (code === 'BAD') throw new ApiError(new RequestFailure(1230, '序列号 BAD 已属于设备 #7（在库）', null));
      return '入库';
    });
    await mount(onScan);
    await paste('BAD\nGOOD');
    for (let round = 0; round < 5 && onScan.mock.calls.length < 2; round += 1) await settle();
    expect(outcomes()).toEqual(['ok 成功GOOD入库', 'error 失败BAD序列号 BAD 已属于设备 #7（在库）']);
    expect(document.activeElement).toBe(field());
  });

  it("shows the screen's own refusal and a field's problem, not that the scan failed", async () => {
    const onScan = vi.fn(async (code: string) => {
      if (code === 'OUT') throw new Error('设备在客户处（订单 ZL5），不能调拨');
      throw new ApiError(new RequestFailure(400, '提交的数据有误', { fields: { code: ['最多 64 个字符'] } }));
    });
    await mount(onScan);
    await paste('OUT\nLONG');
    for (let round = 0; round < 5 && onScan.mock.calls.length < 2; round += 1) await settle();
    expect(outcomes()).toEqual(['error 失败LONG最多 64 个字符', 'error 失败OUT设备在客户处（订单 ZL5），不能调拨']);
  });

  it('offers a refused code another way, and its row shows what that answered', async () => {
    const refusal = new ApiError(new RequestFailure(400, 'x', { fields: { code: ['IMEI 校验位不对：请重新扫描；若这不是 IMEI，确认后按序列号保存'] }, confirm: 'not_imei' }));
    const onScan = vi.fn(async () => {
      throw refusal;
    });
    const run = vi.fn(async (code: string) => (code ? '已按序列号保存' : ''));
    const onIdle = vi.fn();
    await mount(onScan, { onIdle, confirmFor: (error, code) => (error === refusal ? { label: '这不是 IMEI，按序列号保存', run: () => run(code) } : null) });
    await type('353915110101048');
    await enter();
    expect(outcomes()).toEqual(['error 失败353915110101048IMEI 校验位不对：请重新扫描；若这不是 IMEI，确认后按序列号保存这不是 IMEI，按序列号保存']);
    await click(document.querySelector('[data-scan-confirm]'));
    expect(run).toHaveBeenCalledWith('353915110101048');
    expect(outcomes()).toEqual(['ok 成功353915110101048已按序列号保存']);
    expect(document.querySelector('[data-scan-confirm]')).toBeNull();
    expect(onIdle).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(field());
  });

  it('says why it is off', async () => {
    await mount(vi.fn(), { disabledReason: '所有明细已扫齐' });
    expect(field().disabled).toBe(true);
    expect(document.querySelector('[data-scan-input]')?.textContent).toContain('所有明细已扫齐');
  });
});
