import type { ElementType } from 'react';
import { USER_TEXT } from './UserText';

/**
 * Text of unknown length (names, titles, a "hundred zeros"): cut to `lines` lines with an
 * ellipsis, the full value on hover and for screen readers. It never widens its container:
 * long unbroken runs break anywhere instead of pushing a table or a title off the screen.
 * Such text is nearly always what a person typed, so it is marked as user data (UserText)
 * unless `userText={false}` says it is the screen's own words.
 */
export function Truncate({
  text,
  lines = 1,
  className = '',
  as: Tag = 'span',
  userText = true,
}: {
  text: string | null | undefined;
  lines?: 1 | 2 | 3;
  className?: string;
  as?: ElementType;
  userText?: boolean;
}) {
  const value = text ?? '';
  const clamp = lines === 1 ? 'truncate' : lines === 2 ? 'line-clamp-2 [overflow-wrap:anywhere]' : 'line-clamp-3 [overflow-wrap:anywhere]';
  return (
    <Tag title={value || undefined} className={`block max-w-full min-w-0 ${clamp} ${className}`} {...(userText ? USER_TEXT : {})}>
      {value}
    </Tag>
  );
}

/** Class for text that must stay whole but wrap anywhere (page titles, facts). */
export const WRAP_ANYWHERE = '[overflow-wrap:anywhere]';
