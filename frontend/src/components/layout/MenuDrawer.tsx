'use client';

import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import type { ReactNode } from 'react';

/** The side menu as a drawer at phone width: loaded by the security layout when first opened. */
export default function MenuDrawer({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open onClose={onClose} className="relative z-50 md:hidden">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <DialogPanel aria-label={label} className="fixed inset-y-0 left-0 w-64 max-w-[80vw] overflow-y-auto bg-slate-900">
        {children}
      </DialogPanel>
    </Dialog>
  );
}
