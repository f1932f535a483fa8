import { afterEach, describe, expect, it } from 'vitest';
import { Button } from '../ui/Button';
import { FieldRow, FormActionBar } from '../ui/FormLayout';
import { render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('FieldRow', () => {
  it('asks its own width (a container), wraps fields of at least minWidth below it and takes the wide template above', async () => {
    const view = await render(
      <FieldRow columns="12rem 1fr auto" minWidth="10rem" gap={4} className="items-end">
        <input aria-label="名称" />
      </FieldRow>,
    );
    cleanup = view.unmount;
    const container = view.container.firstElementChild as HTMLElement;
    const row = view.container.querySelector<HTMLElement>('[data-field-row]')!;
    expect(container.className).toBe('@container');
    expect(row.parentElement).toBe(container);
    expect(row.style.getPropertyValue('--field-row-columns')).toBe('12rem 1fr auto');
    expect(row.style.getPropertyValue('--field-row-min')).toBe('10rem');
    expect(row.className).toContain('@2xl:grid-cols-(--field-row-columns)');
    expect(row.className).toContain('gap-4');
    expect(row.className).toContain('items-end');
  });
});

describe('FormActionBar', () => {
  it('keeps its status in a live region a disabled action can point at', async () => {
    const view = await render(
      <FormActionBar statusId="save-status" status="正在保存…">
        <Button disabled aria-describedby="save-status">
          保存并上架
        </Button>
      </FormActionBar>,
    );
    cleanup = view.unmount;
    const status = view.container.querySelector('[role="status"]')!;
    expect(status.id).toBe('save-status');
    expect(status.textContent).toBe('正在保存…');
    const button = view.container.querySelector('button')!;
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('正在保存…');
  });
});
