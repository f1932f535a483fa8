'use client';

import type { FormEvent, ReactNode } from 'react';
import { Dialog } from './Dialog';
import { DialogButtons } from './DialogButtons';
import { FormError } from './FormError';

/**
 * The frame of a dialog around a react-hook-form form: the form `id` (sent by the footer's
 * action, or Enter in a field), its fields, the refusal above the buttons. While it is sent,
 * Escape or a click outside must not drop the request in flight (and its answer).
 */
export function HookFormDialog({
  id,
  title,
  width,
  cancelLabel,
  submitLabel,
  failedLabel,
  busy,
  disabled,
  formError,
  className = 'flex flex-col gap-3',
  onClose,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  width?: number;
  cancelLabel: string;
  submitLabel: string;
  failedLabel: string;
  busy: boolean;
  /** The action waits (its choices are still loading). */
  disabled?: boolean;
  formError?: string;
  className?: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      title={title}
      width={width}
      footer={<DialogButtons cancelLabel={cancelLabel} onCancel={onClose} confirmLabel={submitLabel} form={id} busy={busy} disabled={disabled} />}
    >
      <form id={id} noValidate onSubmit={onSubmit} className={className}>
        {children}
        {formError && <FormError title={failedLabel} message={formError} />}
      </form>
    </Dialog>
  );
}
