import { Fragment, type ElementType } from 'react';
import { USER_TEXT } from './UserText';

/** Characters after which a long value may break: a domain's dots, a path's slashes, a query's parts. */
const SEPARATORS = /([./\-_:@?&=#,;|~+])/;

/** Runs of digits longer than this are cut into groups (an order number in fours); words stay whole. */
const GROUP = 4;
const LONG_RUN = 8;

/**
 * The pieces of a long value a line may break between, as a reader expects: after each
 * separator (`shop.demo.example`, `/a/b?c=d`), between the letters and digits of a long
 * token (`ZL` | `2026…`), and long runs of digits in fours counted from the left
 * (`2026 1125 0001`). Joined, the pieces are the value.
 */
export function breakPieces(text: string): string[] {
  const pieces: string[] = [];
  for (const part of text.split(SEPARATORS)) {
    if (!part) continue;
    if (SEPARATORS.test(part) && part.length === 1) {
      if (pieces.length) pieces[pieces.length - 1] += part;
      else pieces.push(part);
      continue;
    }
    // A short token stays whole (`h5`, `v2`); a long one breaks between letters and digits.
    for (const run of part.length <= LONG_RUN ? [part] : (part.match(/[A-Za-z]+|\d+|[^A-Za-z\d]+/g) ?? [])) {
      if (run.length <= LONG_RUN || !/^\d/.test(run)) {
        pieces.push(run);
        continue;
      }
      for (let start = 0; start < run.length; start += GROUP) pieces.push(run.slice(start, start + GROUP));
    }
  }
  return pieces;
}

/**
 * A long value (an order number, a domain, a link, a title holding one) that breaks where a
 * reader expects (`<wbr>` between breakPieces) rather than at whatever character meets the
 * edge: a line breaks inside a piece only when the piece alone is wider than the line
 * (`overflow-wrap: break-word`, which keeps the longest piece as its narrowest width). Not user
 * data unless `userText` says so (an order number is the system's; a domain the merchant's).
 */
export function Breakable({ text, className = '', as: Tag = 'span', userText = false }: { text: string | null | undefined; className?: string; as?: ElementType; userText?: boolean }) {
  const pieces = breakPieces(text ?? '');
  return (
    <Tag className={`[overflow-wrap:break-word] [word-break:normal] ${className}`} {...(userText ? USER_TEXT : {})}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </Tag>
  );
}
