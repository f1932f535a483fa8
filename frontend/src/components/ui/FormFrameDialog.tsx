'use client';

import type { ReactNode } from 'react';
import { Dialog } from './Dialog';
import { DialogButtons } from './DialogButtons';
import { FormError } from './FormError';

/**
 * The frame of every dialog that sends one form: the fields, the failure above the buttons,
 * cancel and confirm. While the call is in flight Escape and outside clicks do nothing (the
 * answer must not be dropped); Enter in a field sends the form.
 */
export function FormFrameDialog({
  title,
  confirmLabel,
  cancelLabel,
  failedLabel,
  busy,
  disabled,
  danger,
  failure,
  width = 520,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  failedLabel: string;
  busy: boolean;
  /** The confirm button is off until the form can be sent. */
  disabled?: boolean;
  danger?: boolean;
  failure?: string | null;
  width?: number;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      title={title}
      width={width}
      footer={<DialogButtons cancelLabel={cancelLabel} onCancel={onClose} cancelDisabled={busy} confirmLabel={confirmLabel} danger={danger} busy={busy} disabled={disabled} onConfirm={onSubmit} />}
    >
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {failure && <FormError title={failedLabel} message={failure} />}
      </form>
    </Dialog>
  );
}
