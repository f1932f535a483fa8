import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, ONE_YEAR_SECONDS, readCookie, writeCookie } from '../cookies';

afterEach(() => {
  for (const name of ['a', 'b', 'probe']) deleteCookie(name);
});

describe('cookies', () => {
  it('writes, reads and deletes a cookie', () => {
    writeCookie('a', 'one%20two');
    writeCookie('b', '2');
    expect(readCookie('a')).toBe('one%20two');
    expect(readCookie('b')).toBe('2');
    deleteCookie('a');
    expect(readCookie('a')).toBeNull();
  });

  it('sets a one-year max-age when asked', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    writeCookie('probe', 'x', { maxAgeSeconds: ONE_YEAR_SECONDS });
    expect(writes[0]).toContain(`max-age=${365 * 24 * 3600}`);
    expect(writes[0]).toContain('path=/');
  });

  it('does not confuse names that share a prefix', () => {
    writeCookie('probe', 'x');
    expect(readCookie('prob')).toBeNull();
  });
});
