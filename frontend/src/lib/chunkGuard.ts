/**
 * A plain script for the document head. When a page script or style chunk fails on the first
 * load, React never hydrates, so no error boundary can run and the page would stay frozen;
 * this shows the chunk-error message instead. After hydration React handles chunk errors
 * itself (error.tsx boundaries and ChunkErrorListener), and the app sets HYDRATED_FLAG.
 */
export interface ChunkGuardTexts {
  title: string;
  description: string;
  reload: string;
}

export const HYDRATED_FLAG = '__zulinHydrated';
export const CHUNK_ERROR_ELEMENT_ID = 'chunk-load-error';

const GUARD_SOURCE = `(function (texts) {
  var shown = false;
  function isChunk(el) {
    if (!el || !el.tagName) return false;
    if (el.tagName === 'SCRIPT') return /\\/_next\\/static\\/chunks\\//.test(el.src || '');
    if (el.tagName === 'LINK') return /stylesheet/.test(el.rel || '') && /\\/_next\\/static\\//.test(el.href || '');
    return false;
  }
  function show() {
    if (shown) return;
    shown = true;
    var box = document.createElement('div');
    box.id = '${CHUNK_ERROR_ELEMENT_ID}';
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;background:#fff;text-align:center;font-family:system-ui,sans-serif';
    var title = document.createElement('h1');
    title.textContent = texts.title;
    title.style.cssText = 'margin:0;font-size:18px;color:#0f172a';
    var text = document.createElement('p');
    text.textContent = texts.description;
    text.style.cssText = 'margin:0;max-width:28rem;font-size:14px;color:#475569';
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = texts.reload;
    button.style.cssText = 'padding:8px 16px;border:0;border-radius:6px;background:#1d64db;color:#fff;font-size:14px;cursor:pointer';
    button.onclick = function () { window.location.reload(); };
    box.appendChild(title);
    box.appendChild(text);
    box.appendChild(button);
    document.body.appendChild(box);
  }
  window.addEventListener('error', function (event) {
    if (window.${HYDRATED_FLAG} || !isChunk(event.target)) return;
    if (document.body) show();
    else document.addEventListener('DOMContentLoaded', show);
  }, true);
})`;

export function chunkGuardScript(texts: ChunkGuardTexts): string {
  // Escape "<" so no message can close the script element.
  return `${GUARD_SOURCE}(${JSON.stringify(texts).replace(/</g, '\\u003c')});`;
}

export function markHydrated(win: Window = window): void {
  (win as unknown as Record<string, boolean>)[HYDRATED_FLAG] = true;
}
