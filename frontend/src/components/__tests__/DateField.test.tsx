import { NextIntlClientProvider } from 'next-intl';
import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/i18n/catalogues/en';
import { DateField } from '../ui/DateField';
import { click, render, settle } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

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

/** A field whose owner keeps the value, as a list's filters do. */
function Owner({ onChange, min, max, initial = '' }: { onChange: (value: string) => void; min?: string; max?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="开始日期"
      value={value}
      min={min}
      max={max}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DateField', () => {
  it('takes a day typed in any usual way, shown as 年-月-日, and an emptied field clears it', async () => {
    const onChange = vi.fn();
    const view = await render(<Owner onChange={onChange} />);
    cleanup = view.unmount;
    const input = view.container.querySelector('input')!;
    expect(input.placeholder).toBe('年-月-日');
    expect(input.type).toBe('text'); // never the browser's own mm/dd/yyyy

    await type(input, '2026/11/1');
    await blur(input);
    expect(onChange).toHaveBeenLastCalledWith('2026-11-01');
    expect(input.value).toBe('2026-11-01');

    await type(input, '');
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('says why a typed day is refused and changes nothing', async () => {
    const onChange = vi.fn();
    const view = await render(<Owner onChange={onChange} max="2026-11-30" />);
    cleanup = view.unmount;
    const input = view.container.querySelector('input')!;

    await type(input, '2026-11-31');
    await blur(input);
    expect(view.container.textContent).toContain('请按 年-月-日 输入，如 2026-11-01');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await type(input, '2026-12-01');
    expect(view.container.textContent).toContain('不能晚于 2026-11-30');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('picks a day from the month the calendar button opens; days past the bounds say why they are off', async () => {
    const onChange = vi.fn();
    const view = await render(<Owner onChange={onChange} initial="2026-11-10" min="2026-11-05" max="2026-11-20" />);
    cleanup = view.unmount;
    const open = view.container.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]')!;
    expect(open.title).toBe('打开日历：开始日期');
    await click(open);
    await settle();
    const panel = view.container.querySelector('[role="dialog"]')!;
    expect(panel.getAttribute('aria-label')).toBe('选择开始日期');
    expect(panel.textContent).toContain('2026年11月');
    expect([...panel.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    const day = (iso: string) => panel.querySelector<HTMLButtonElement>(`button[data-day="${iso}"]`)!;
    expect(day('2026-11-10').getAttribute('aria-pressed')).toBe('true');
    expect(day('2026-11-04').disabled).toBe(true);
    expect(day('2026-11-04').title).toBe('不能早于 2026-11-05');
    expect(day('2026-11-21').title).toBe('不能晚于 2026-11-20');

    await click(day('2026-11-18'));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-18');
    expect(view.container.querySelector('[role="dialog"]')).toBeNull();
    expect(view.container.querySelector('input')!.value).toBe('2026-11-18');
  });

  it('moves through months with its arrows and the keyboard, and closes on Escape', async () => {
    const view = await render(<Owner onChange={() => undefined} initial="2026-12-31" />);
    cleanup = view.unmount;
    await click(view.container.querySelector('button[aria-haspopup="dialog"]'));
    const panel = () => view.container.querySelector('[role="dialog"]')!;
    await click(panel().querySelector('button[title="下个月"]'));
    expect(panel().textContent).toContain('2027年1月');
    await act(async () => {
      panel().dispatchEvent(new KeyboardEvent('keydown', { key: 'PageUp', bubbles: true }));
    });
    expect(panel().textContent).toContain('2026年12月');
    await act(async () => {
      panel().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(view.container.querySelector('[role="dialog"]')).toBeNull();
  });

  it('speaks the interface’s language: an English month and weekdays from Monday', async () => {
    const view = await render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Shanghai">
        <DateField label="From" value="2026-11-10" onChange={() => undefined} />
      </NextIntlClientProvider>,
    );
    cleanup = view.unmount;
    expect(view.container.querySelector('input')!.placeholder).toBe('YYYY-MM-DD');
    await click(view.container.querySelector('button[aria-haspopup="dialog"]'));
    const panel = view.container.querySelector('[role="dialog"]')!;
    expect(panel.textContent).toContain('November 2026');
    expect(panel.querySelector('th')!.textContent).toBe('Mon');
  });
});
