import type { ElementType, ReactNode } from 'react';

/**
 * Marks what a person typed or an outside party sent (names, titles, addresses, remarks, a
 * bank's or courier's words) as user data: it is shown as it was written, in whatever
 * language, while everything around it is the screen's own text in the session's language.
 * The language walk (e2e/languageWalk.spec.ts) reads every screen outside these marks.
 */
export const USER_TEXT = { 'data-user-text': '' } as const;

export function UserText({ children, as: Tag = 'span', className }: { children: ReactNode; as?: ElementType; className?: string }) {
  return (
    <Tag {...USER_TEXT} className={className}>
      {children}
    </Tag>
  );
}
