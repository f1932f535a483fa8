import { useState, type ReactNode } from 'react';

/**
 * Module doubles the screens' tests share, for `vi.mock` factories (they load this file
 * themselves, since the factories run before the test's imports):
 *   vi.mock('@/lib/useSearchReplace', async () => (await import('@/components/__tests__/mocks')).searchReplaceMock(session));
 *   vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);
 *   vi.mock('@/lib/notice', async (original) => (await import('@/components/__tests__/mocks')).noticeMock(notices, await original()));
 */

/** The URL's search as `session.search` (a `vi.hoisted` object the test sets and reads), read and replaced as the screen would. */
export function searchReplaceMock(session: { search: string }) {
  return {
    useSearchReplace: () => {
      const [current, setCurrent] = useState(session.search);
      return {
        current,
        latest: () => session.search,
        replace: (next: string) => {
          session.search = next;
          setCurrent(next);
        },
      };
    },
  };
}

/** next/link as a plain anchor, its other props passed on. */
export const nextLinkMock = {
  default: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
};

/** The request layer's notices kept in `shown` (a `vi.hoisted` array the test reads and empties) instead of shown. */
export function noticeMock(shown: unknown[], actual: object) {
  return { ...actual, notify: (notice: unknown) => shown.push(notice) };
}
