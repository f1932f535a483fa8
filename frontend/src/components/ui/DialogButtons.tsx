import { Button } from './Button';

/**
 * A dialog's footer: cancel, then the one action — busy while its call is in flight, `disabled`
 * until it can be taken, a `danger` look for what cannot be undone. With `form` it submits that
 * form (react-hook-form's `handleSubmit`) rather than calling `onConfirm`.
 */
export function DialogButtons({
  cancelLabel,
  onCancel,
  cancelDisabled,
  confirmLabel,
  onConfirm,
  form,
  busy,
  disabled,
  danger,
}: {
  cancelLabel: string;
  onCancel: () => void;
  cancelDisabled?: boolean;
  confirmLabel: string;
  onConfirm?: () => void;
  form?: string;
  busy?: boolean;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button variant={danger ? 'danger' : 'primary'} type={form ? 'submit' : 'button'} form={form} loading={busy} disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </>
  );
}
