import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'children'> & {
  /** What the button does: its accessible name and the tooltip shown on hover. */
  label: string;
  /** The icon (aria-hidden) or picture; no visible text. */
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A button that shows only an icon. Its label is both the name screen readers read and the
 * tooltip a pointer shows (the browser's own `title`: no script, never clipped by a scrolling
 * table or a dialog). Every icon-only button of the product is one of these.
 */
export function IconButton({ label, children, type = 'button', ref, ...rest }: IconButtonProps) {
  return (
    <button ref={ref} type={type} aria-label={label} title={label} {...rest}>
      {children}
    </button>
  );
}
