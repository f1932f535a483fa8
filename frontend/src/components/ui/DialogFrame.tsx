'use client';

import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { IconButton } from './IconButton';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Panel width in px; defaults to the global content width's share for dialogs. */
  width?: number;
}

/** The open dialog (Headless UI): loaded by `Dialog` the first time a dialog opens. */
export default function DialogFrame({ open, onClose, title, children, footer, width = 480 }: DialogProps) {
  const t = useTranslations('common');
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel style={{ maxWidth: width }} className="flex max-h-[90vh] w-full flex-col rounded-lg bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
            <IconButton onClick={onClose} label={t('close')} className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
              <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </IconButton>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
