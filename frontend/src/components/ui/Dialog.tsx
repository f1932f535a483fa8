'use client';

import dynamic from 'next/dynamic';
import type { DialogProps } from './DialogFrame';

export type { DialogProps };

// Headless UI's dialog (focus trap, portal, scroll lock) is loaded when a dialog first opens, so
// a screen whose dialogs stay closed does not carry it in its first load.
const DialogFrame = dynamic(() => import('./DialogFrame'), { ssr: false });

export function Dialog(props: DialogProps) {
  return props.open ? <DialogFrame {...props} /> : null;
}
