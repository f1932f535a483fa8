'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from './DialogButtons';

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger,
  loading,
  error,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** What the person chooses before confirming (a field), below the message. */
  children?: ReactNode;
}) {
  const t = useTranslations('common');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={<DialogButtons cancelLabel={t('cancel')} onCancel={onClose} confirmLabel={confirmLabel} danger={danger} busy={loading} onConfirm={onConfirm} />}
    >
      <p className="text-sm text-slate-700">{message}</p>
      {children && <div className="mt-3">{children}</div>}
      {error && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </Dialog>
  );
}
