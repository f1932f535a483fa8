/** Copies text and says so (spec 5 and 8): 链接已复制到剪贴板 / 复制链接失败. */
import { notify } from './notice';

function copyWithSelection(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  textarea.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
  }
}

async function writeText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or not a secure context: fall back to the selection API.
    }
  }
  return typeof document !== 'undefined' && copyWithSelection(text);
}

/**
 * Copies `text` and says so: by default that a link was copied; `messages` names the catalogue
 * keys for what else was (a secret, a key).
 */
export async function copyToClipboard(text: string, messages: { copied: string; failed: string } = { copied: 'clipboard.copied', failed: 'clipboard.failed' }): Promise<boolean> {
  const copied = await writeText(text);
  notify(
    copied
      ? { kind: 'success', message: { key: messages.copied } }
      : { kind: 'error', message: { key: messages.failed } },
  );
  return copied;
}
