'use client';

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';

/** A list's filters at phone width: a sheet from the bottom (loaded by FilterBar when first opened). */
export default function FilterSheet({ open, onClose, title, done, children }: { open: boolean; onClose: () => void; title: string; done: string; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel className="fixed inset-x-0 bottom-0 flex max-h-[85vh] flex-col rounded-t-xl bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
          <Button variant="primary" onClick={onClose}>
            {done}
          </Button>
        </div>
        {/* Each filter takes the sheet's width; a change applies at once, as in the bar. */}
        <div className="flex flex-col gap-4 overflow-y-auto px-4 py-4 [&>*]:w-full [&_select]:max-w-none">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}
