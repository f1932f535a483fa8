import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard } from '../clipboard';
import { getNotices, resetNotices } from '../notice';

afterEach(() => {
  resetNotices();
  vi.unstubAllGlobals();
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('copyToClipboard', () => {
  it('says 链接已复制到剪贴板 when the copy succeeds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubClipboard(writeText);
    await expect(copyToClipboard('https://demo.example/s/1')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://demo.example/s/1');
    expect(getNotices()).toEqual([expect.objectContaining({ kind: 'success', message: { key: 'clipboard.copied' } })]);
  });

  it('falls back to the selection API when the clipboard API refuses', async () => {
    stubClipboard(vi.fn().mockRejectedValue(new Error('denied')));
    const execCommand = vi.fn().mockReturnValue(true);
    document.execCommand = execCommand;
    await expect(copyToClipboard('x')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('says 复制链接失败 when nothing works', async () => {
    stubClipboard(vi.fn().mockRejectedValue(new Error('denied')));
    document.execCommand = vi.fn().mockReturnValue(false);
    await expect(copyToClipboard('x')).resolves.toBe(false);
    expect(getNotices()).toEqual([expect.objectContaining({ kind: 'error', message: { key: 'clipboard.failed' } })]);
  });

  it('says what else was copied when told (a secret, a key)', async () => {
    stubClipboard(vi.fn().mockResolvedValue(undefined));
    await copyToClipboard('whsec_x', { copied: 'kit.secret.copied', failed: 'kit.secret.copyFailed' });
    expect(getNotices()).toEqual([expect.objectContaining({ kind: 'success', message: { key: 'kit.secret.copied' } })]);
  });
});
