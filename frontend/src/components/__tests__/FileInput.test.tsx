import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileButton, FileInput } from '../ui/FileInput';
import { render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'voucher.png', { type: 'image/png' });
const JPG = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' });

/** Chooses `files` in a file input as the browser does: its `files`, then a change event. */
async function choose(input: HTMLInputElement, files: File[]) {
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('FileButton', () => {
  it('hides the input inside its label: the text names it, it takes the accept and reports the files', async () => {
    const onFiles = vi.fn();
    const view = await render(
      <FileButton look="tile" className="size-24" accept="image/jpeg,image/png" multiple onFiles={onFiles}>
        上传图片
      </FileButton>,
    );
    cleanup = view.unmount;
    const label = view.container.querySelector('label')!;
    const input = label.querySelector('input')!;
    expect(input.type).toBe('file');
    expect(input.className).toBe('sr-only');
    expect(input.accept).toBe('image/jpeg,image/png');
    expect(input.multiple).toBe(true);
    expect(label.htmlFor).toBe(input.id);
    expect(label.textContent).toBe('上传图片');
    expect(label.className).toContain('border-dashed');
    expect(label.className).toContain('size-24');
    await choose(input, [PNG, JPG]);
    expect(onFiles).toHaveBeenCalledWith([PNG, JPG]);
  });

  it('is emptied after a choice, so the same file can be chosen again; a cancel reports none', async () => {
    const onFiles = vi.fn();
    const view = await render(
      <FileButton look="button" id="icon" aria-label="凭证" onFiles={onFiles}>
        上传图标
      </FileButton>,
    );
    cleanup = view.unmount;
    const input = view.container.querySelector<HTMLInputElement>('#icon')!;
    expect(input.getAttribute('aria-label')).toBe('凭证');
    const cleared = vi.spyOn(input, 'value', 'set');
    await choose(input, [PNG]);
    expect(cleared).toHaveBeenCalledWith('');
    await choose(input, []);
    expect(onFiles.mock.calls).toEqual([[[PNG]], [[]]]);
  });
});

describe('FileInput', () => {
  it("is the browser's own control with its id and attributes, reporting the files without emptying itself", async () => {
    const onFiles = vi.fn();
    const view = await render(
      <>
        <label htmlFor="front">人像面</label>
        <FileInput id="front" accept="image/jpeg,image/png" aria-invalid onFiles={onFiles} />
      </>,
    );
    cleanup = view.unmount;
    const input = view.container.querySelector<HTMLInputElement>('#front')!;
    expect(input.type).toBe('file');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toContain('file:');
    const cleared = vi.spyOn(input, 'value', 'set');
    await choose(input, [JPG]);
    expect(onFiles).toHaveBeenCalledWith([JPG]);
    expect(cleared).not.toHaveBeenCalled();
  });
});
