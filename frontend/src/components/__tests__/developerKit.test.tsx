import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNotices, resetNotices } from '@/lib/notice';
import { Banner } from '../ui/Banner';
import { DateTimeField, type DateTimeValue } from '../ui/DateTimeField';
import { SecretOnce } from '../ui/SecretOnce';
import { click, render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  resetNotices();
});

async function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function blur(input: HTMLInputElement) {
  await act(async () => {
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

describe('Banner', () => {
  it('is a named region whose close button says what it does', async () => {
    const onDismiss = vi.fn();
    const view = await render(
      <Banner label="端点提醒" dismissLabel="本次登录期间不再提示" onDismiss={onDismiss}>
        <p>两个端点已停用</p>
      </Banner>,
    );
    cleanup = view.unmount;
    const region = view.container.querySelector('section')!;
    expect(region.getAttribute('aria-label')).toBe('端点提醒');
    const close = region.querySelector('button')!;
    expect(close.title).toBe('本次登录期间不再提示');
    await click(close);
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

describe('SecretOnce', () => {
  it('shows the secret whole in a read-only field with the warning, and copies it saying so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const view = await render(<SecretOnce label="签名密钥" secret="whsec_abc123" />);
    cleanup = view.unmount;
    const field = view.container.querySelector('input')!;
    expect(field.value).toBe('whsec_abc123');
    expect(field.readOnly).toBe(true);
    expect(field.getAttribute('translate')).toBe('no');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('关闭后将无法再次查看');
    await click([...view.container.querySelectorAll('button')].find((button) => button.textContent === '复制'));
    expect(writeText).toHaveBeenCalledWith('whsec_abc123');
    expect(getNotices()).toEqual([expect.objectContaining({ kind: 'success', message: { key: 'kit.secret.copied' } })]);
  });
});

function Owner({ onChange }: { onChange: (value: DateTimeValue) => void }) {
  const [value, setValue] = useState<DateTimeValue>({ day: '2026-11-25', time: '09:30' });
  return (
    <DateTimeField
      label="失败时间自"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DateTimeField', () => {
  it('takes a 24-hour time, says the zone, and refuses a time that is not one', async () => {
    const onChange = vi.fn();
    const view = await render(<Owner onChange={onChange} />);
    cleanup = view.unmount;
    expect(view.container.querySelector('legend')?.textContent).toBe('失败时间自');
    expect(view.container.textContent).toContain('北京时间（UTC+8）');
    const [day, time] = [...view.container.querySelectorAll<HTMLInputElement>('input[type="text"]')];
    expect(day!.value).toBe('2026-11-25');
    expect(time!.value).toBe('09:30');
    await type(time!, '7:05');
    await blur(time!);
    expect(onChange).toHaveBeenLastCalledWith({ day: '2026-11-25', time: '07:05' });
    expect(time!.value).toBe('07:05');
    await type(time!, '25:00');
    await blur(time!);
    expect(view.container.textContent).toContain('请按 24 小时制 时:分 输入');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
