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

/**
 * The `<user>` tag of a catalogue text that holds a record's name (`"欢迎，<user>{name}</user>"`):
 * `t.rich('key', { name, user: userTag })` marks only the name, the words around it stay the
 * screen's own.
 */
export function userTag(chunks: ReactNode): ReactNode {
  return <UserText>{chunks}</UserText>;
}

const OPEN = '\uE000';
const CLOSE = '\uE001';
const SLOT = /\uE000(\d+)\uE001/;

/**
 * A catalogue text with some of its values marked as user data, without a tag in the
 * catalogue: `withUserValues((v) => t('by', { actor: v.actor }), { actor: entry.actor })`.
 * The text is formatted with a placeholder for each value, then each placeholder is replaced
 * by the value in a UserText; the words around it stay the screen's own.
 */
export function withUserValues(format: (placeholders: Record<string, string>) => string, values: Record<string, string>): ReactNode {
  const keys = Object.keys(values);
  const placeholders = Object.fromEntries(keys.map((key, index) => [key, `${OPEN}${index}${CLOSE}`]));
  const pieces = format(placeholders).split(SLOT);
  return (
    <>
      {pieces.map((piece, index) => (index % 2 === 0 ? piece : <UserText key={index}>{values[keys[Number(piece)]!]}</UserText>))}
    </>
  );
}
