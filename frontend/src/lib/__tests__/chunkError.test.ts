import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../chunkError';

describe('isChunkLoadError', () => {
  it('recognises webpack script and CSS chunk failures', () => {
    const chunk = Object.assign(new Error('Loading chunk 123 failed.\n(timeout: /_next/static/chunks/123.js)'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk app/page-abc failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 42 failed.\n(/_next/static/css/42.css)'))).toBe(true);
    expect(isChunkLoadError({ code: 'CSS_CHUNK_LOAD_FAILED', message: '' })).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});
