import { act, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from '../RichTextEditor';
import { byText, click, render, settle } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

// jsdom lays nothing out: ProseMirror scrolls the selection into view with a range's boxes.
beforeAll(() => {
  const noBoxes = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noBoxes;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

const PICTURE = '/api/media/m_demo/goods/0123456789abcdef0123456789abcdef.png';

/** The editor as a form holds it: every change lands in `changes`, the last one is the value. */
async function mount(initial: string, extra: Partial<Parameters<typeof RichTextEditor>[0]> = {}) {
  const changes: string[] = [];
  function Field() {
    const [value, setValue] = useState(initial);
    return (
      <RichTextEditor
        label="商品描述"
        value={value}
        onChange={(html) => {
          changes.push(html);
          setValue(html);
        }}
        {...extra}
      />
    );
  }
  const view = await render(<Field />);
  cleanup = view.unmount;
  const area = view.container.querySelector<HTMLElement>('[role="textbox"]');
  if (!area) throw new Error('the editor did not load');
  return { container: view.container, area, changes, last: () => changes.at(-1) };
}

const tool = (container: HTMLElement, name: string) => container.querySelector<HTMLButtonElement>(`[role="toolbar"] button[aria-label="${name}"]`);

/** Ctrl+A inside the editor: ProseMirror's own select-all. */
async function selectAll(area: HTMLElement) {
  await act(async () => {
    area.focus();
    area.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', code: 'KeyA', ctrlKey: true, bubbles: true, cancelable: true }));
  });
}

async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('RichTextEditor', () => {
  it('loads on demand, names its area by the label and shows the value', async () => {
    const { container, area } = await mount('<p>成色<strong>极好</strong></p>');
    const labelId = area.getAttribute('aria-labelledby')!;
    expect(container.querySelector(`[id="${labelId}"]`)!.textContent).toBe('商品描述');
    expect(area.innerHTML).toContain('<strong>极好</strong>');
    expect([...container.querySelectorAll('[role="toolbar"] button')].map((button) => button.getAttribute('aria-label'))).toEqual([
      '加粗', '斜体', '下划线', '删除线', '标题', '小标题', '无序列表', '有序列表', '左对齐', '居中', '右对齐', '链接', '插入图片', '撤销', '重做',
    ]);
  });

  it('loads only when it comes near the screen (a field at the end of a long form)', async () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      const view = await render(<RichTextEditor label="商品描述" value="<p>成色</p>" onChange={() => undefined} />);
      cleanup = view.unmount;
      expect(view.container.querySelector('[role="textbox"]')).toBeNull();
      expect(view.container.querySelector('[role="status"]')!.textContent).toBe('正在加载编辑器…');
      await act(async () => report!([{ isIntersecting: false }]));
      await settle();
      expect(view.container.querySelector('[role="textbox"]')).toBeNull();
      await act(async () => report!([{ isIntersecting: true }]));
      await settle();
      expect(view.container.querySelector('[role="textbox"]')!.innerHTML).toContain('成色');
    } finally {
      vi.unstubAllGlobals();
    }
  }, 30_000);

  it('bold, italic, then undo and redo change the HTML it reports', async () => {
    const { container, area, last } = await mount('<p>全新国行</p>');
    await selectAll(area);
    await click(tool(container, '加粗'));
    expect(last()).toBe('<p><strong>全新国行</strong></p>');
    expect(tool(container, '加粗')!.getAttribute('aria-pressed')).toBe('true');
    await click(tool(container, '斜体'));
    expect(last()).toBe('<p><strong><em>全新国行</em></strong></p>');
    await click(tool(container, '撤销'));
    expect(last()).toBe('<p><strong>全新国行</strong></p>');
    await click(tool(container, '重做'));
    expect(last()).toBe('<p><strong><em>全新国行</em></strong></p>');
  });

  it('turns the block into a heading, a list, and aligns it', async () => {
    const { container, area, last } = await mount('<p>参数</p>');
    await act(async () => area.focus());
    await click(tool(container, '标题'));
    expect(last()).toBe('<h2>参数</h2>');
    await click(tool(container, '居中'));
    expect(last()).toBe('<h2 style="text-align: center;">参数</h2>');
    await click(tool(container, '左对齐'));
    await click(tool(container, '标题'));
    await click(tool(container, '无序列表'));
    expect(last()).toBe('<ul><li><p>参数</p></li></ul>');
    await click(tool(container, '无序列表'));
    await click(tool(container, '有序列表'));
    expect(last()).toBe('<ol><li><p>参数</p></li></ol>');
  });

  it('links the selection to an http(s) or mailto address only', async () => {
    const { container, area, last } = await mount('<p>官网</p>');
    await selectAll(area);
    await click(tool(container, '链接'));
    const input = container.querySelector<HTMLInputElement>('input[type="url"]')!;
    await type(input, 'javascript:alert(1)');
    await click(byText(container, 'button', '确定'));
    expect(container.textContent).toContain('链接须以 https://、http:// 或 mailto: 开头');
    expect(last()).toBeUndefined();
    await type(input, 'https://shop.example/x');
    await click(byText(container, 'button', '确定'));
    expect(last()).toBe('<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://shop.example/x">官网</a></p>');
  });

  it('inserts one of the pictures, or one it uploads', async () => {
    const onUpload = vi.fn().mockResolvedValue('/api/media/m_demo/goods/fedcba9876543210fedcba9876543210.jpg');
    const { container, area, last } = await mount('<p>细节</p>', { pictures: [PICTURE], onUpload });
    await act(async () => area.focus());
    await click(tool(container, '插入图片'));
    await click(container.querySelector('button[aria-label="插入第 1 张图片"]'));
    expect(last()).toContain(`<img src="${PICTURE}">`);

    await click(tool(container, '插入图片'));
    const file = new File([new Uint8Array([0x89, 0x50])], 'detail.jpg', { type: 'image/jpeg' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    await settle();
    expect(onUpload).toHaveBeenCalledWith(file);
    expect(last()).toContain('<img src="/api/media/m_demo/goods/fedcba9876543210fedcba9876543210.jpg">');
  });

  it('says why an upload failed and inserts nothing', async () => {
    const onUpload = vi.fn().mockRejectedValue(new Error('boom'));
    const { container, last } = await mount('<p>x</p>', { onUpload, uploadErrorMessage: (file) => `${file.name} 不是图片` });
    await click(tool(container, '插入图片'));
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    await settle();
    expect(container.querySelector('[role="alert"]')!.textContent).toBe('a.txt 不是图片');
    expect(last()).toBeUndefined();
  });

  it('reports an emptied editor as an empty string', async () => {
    const { container, area, last } = await mount('<p>删掉我</p>');
    await selectAll(area);
    await act(async () => {
      area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Backspace', code: 'Backspace', bubbles: true, cancelable: true }));
    });
    await settle();
    expect(last()).toBe('');
    expect(tool(container, '撤销')!.disabled).toBe(false);
  });
});
