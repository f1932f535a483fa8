import type { CSSProperties, ReactNode } from 'react';

const GAPS = { 3: 'gap-3', 4: 'gap-4', 6: 'gap-6' } as const;

/**
 * Fields side by side where their card is wide, wrapping where it is not. From 42rem of the
 * row's own width (every card of a desktop screen) the fields take `columns`, the wide row's
 * grid template (`'minmax(8rem,1.2fr) minmax(7rem,1fr) auto'`); narrower (a phone, a narrow
 * dialog) as many fields of at least `minWidth` as fit share a line, one field a line when
 * even one barely fits. A field spanning the row says `col-span-full`; a child styled for the
 * wide row only uses the same switch (`@2xl:mt-6`).
 *
 * The width asked is the card's, not the window's (a container query): the same row fits a
 * phone, a dialog and a page beside the side menu. The row takes the width its parent gives
 * it (a block, or a stretched flex or grid item), never its fields' widths.
 */
export function FieldRow({
  columns,
  minWidth = '8rem',
  gap = 3,
  className = '',
  children,
}: {
  columns: string;
  minWidth?: string;
  gap?: keyof typeof GAPS;
  /** Alignment and the like for the grid (`items-start`); the gap is `gap`. */
  className?: string;
  children: ReactNode;
}) {
  const style = { '--field-row-columns': columns, '--field-row-min': minWidth } as CSSProperties;
  return (
    <div className="@container">
      <div
        data-field-row=""
        style={style}
        className={`grid grid-cols-[repeat(auto-fill,minmax(min(100%,var(--field-row-min)),1fr))] @2xl:grid-cols-(--field-row-columns) ${GAPS[gap]} ${className}`}
      >
        {children}
      </div>
    </div>
  );
}

/**
 * A form's actions, kept in view at the bottom of the screen while a long form scrolls: edge to
 * edge of the page's content (the shell's padding is p-4, md:p-6), the buttons at the end.
 * `status` (what is unsaved, what is saving) sits at the start, a polite live region with the id
 * `statusId`; on a phone the buttons wrap under it rather than widen the page. An action
 * disabled by what the status says points at it (`aria-describedby={statusId}`, and `title`
 * for a pointer), so it still says why.
 */
export function FormActionBar({ status, statusId, children }: { status?: ReactNode; statusId?: string; children: ReactNode }) {
  return (
    <div
      data-form-actions=""
      className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-x-3 gap-y-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur md:-mx-6 md:px-6"
    >
      <div id={statusId} role="status" className="mr-auto min-w-0 text-xs">
        {status}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">{children}</div>
    </div>
  );
}
