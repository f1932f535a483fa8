'use client';

import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Panel width in px; defaults to the global content width's share for dialogs. */
  width?: number;
}

// Headless UI's dialog (focus trap, portal, scroll lock) is loaded when a dialog first opens, so
// a screen whose dialogs stay closed does not carry it in its first load.
const DialogFrame = dynamic(() => import('./DialogFrame'), { ssr: false });

export function Dialog(props: DialogProps) {
  return props.open ? <DialogFrame {...props} /> : null;
}
