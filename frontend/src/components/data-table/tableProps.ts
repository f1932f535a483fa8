import type { Messages } from 'next-intl';

/** Catalogue namespaces (dotted) that hold every one of the keys `K`. */
export type NamespacesWith<K extends string, M = Messages, Prefix extends string = ''> = {
  [N in keyof M & string]: M[N] extends Record<K, string>
    ? `${Prefix}${N}`
    : M[N] extends Record<string, unknown>
      ? NamespacesWith<K, M[N], `${Prefix}${N}.`>
      : never;
}[keyof M & string];

/** Rows with an `id` are told apart by it unless the screen says otherwise. */
export type RowIdProps<T> = T extends { id: number | string } ? { getRowId?: (row: T) => string } : { getRowId: (row: T) => string };

export function rowIdOf(row: unknown): string {
  return String((row as { id: number | string }).id);
}
