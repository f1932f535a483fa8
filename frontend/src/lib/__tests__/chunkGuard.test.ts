import { afterEach, describe, expect, it } from 'vitest';
import { CHUNK_ERROR_ELEMENT_ID, chunkGuardScript, HYDRATED_FLAG, markHydrated } from '../chunkGuard';

const texts = { title: '页面加载失败', description: '请重新加载页面。</script>', reload: '重新加载' };

function failResource(tag: 'script' | 'link', url: string) {
  const element = document.createElement(tag);
  if (element instanceof HTMLScriptElement) element.src = url;
  if (element instanceof HTMLLinkElement) {
    element.rel = 'stylesheet';
    element.href = url;
  }
  document.head.appendChild(element);
  element.dispatchEvent(new Event('error'));
}

afterEach(() => {
  document.getElementById(CHUNK_ERROR_ELEMENT_ID)?.remove();
  delete (window as unknown as Record<string, unknown>)[HYDRATED_FLAG];
});

describe('chunk guard', () => {
  it('never lets a message close the script element', () => {
    expect(chunkGuardScript(texts)).not.toContain('</script>');
  });

  it('shows the message with a reload button when a page script chunk fails before hydration', () => {
    new Function(chunkGuardScript(texts))();
    failResource('script', '/_next/static/chunks/app/page-abc.js');
    const box = document.getElementById(CHUNK_ERROR_ELEMENT_ID)!;
    expect(box.getAttribute('role')).toBe('alert');
    expect(box.querySelector('h1')!.textContent).toBe('页面加载失败');
    expect(box.querySelector('button')!.textContent).toBe('重新加载');
  });

  it('also reacts to a failed style chunk', () => {
    new Function(chunkGuardScript(texts))();
    failResource('link', '/_next/static/css/abc.css');
    expect(document.getElementById(CHUNK_ERROR_ELEMENT_ID)).not.toBeNull();
  });

  it('ignores other resources and anything after hydration', () => {
    new Function(chunkGuardScript(texts))();
    failResource('script', 'https://cdn.example/analytics.js');
    expect(document.getElementById(CHUNK_ERROR_ELEMENT_ID)).toBeNull();
    markHydrated();
    failResource('script', '/_next/static/chunks/late.js');
    expect(document.getElementById(CHUNK_ERROR_ELEMENT_ID)).toBeNull();
  });
});
