'use client';

import { useId, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { IconButton } from './IconButton';
import { USER_TEXT } from './UserText';

const CONTROL =
  'block w-full min-w-0 rounded-md border bg-white px-3 py-2 text-sm shadow-xs outline-none transition placeholder:text-slate-400 focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';
const CONTROL_OK = 'border-slate-300 focus:border-brand-500 focus:ring-brand-100';
const CONTROL_ERROR = 'border-red-400 focus:ring-red-200';

export function controlClass(error?: string): string {
  return `${CONTROL} ${error ? CONTROL_ERROR : CONTROL_OK}`;
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs whitespace-pre-line text-red-600">
      {message}
    </p>
  );
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: string;
  hideLabel?: boolean;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

export function Select({ label, error, hint, hideLabel, id, className = '', ref, children, ...props }: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={`${controlClass(error)} pr-8`}
        {...props}
      >
        {children}
      </select>
      {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <FieldError id={`${selectId}-error`} message={error} />
    </div>
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ label, error, id, className = '', ref, ...props }: TextareaProps) {
  const generatedId = useId();
  const areaId = id ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={areaId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${areaId}-error` : undefined}
        className={controlClass(error)}
        {...props}
      />
      <FieldError id={`${areaId}-error`} message={error} />
    </div>
  );
}

/** A compact labelled input for table cells and dense rows (label may be visually hidden). */
export function CellInput({
  label,
  error,
  hideLabel = true,
  className = '',
  ref,
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hideLabel?: boolean; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1 block text-xs font-medium text-slate-600'}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${controlClass(error)} px-2 py-1.5`}
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * An on/off switch: a button with role "switch" (what Headless UI's Switch renders), written out
 * so a list with a switch column does not pull Headless UI into the screen's first load. It shows
 * no text: the kit's IconButton, its label its name and its tooltip.
 */
export function Switch({ checked, onChange, label, disabled }: { checked: boolean; onChange: (next: boolean) => void; label: string; disabled?: boolean }) {
  return (
    <IconButton
      role="switch"
      aria-checked={checked}
      label={label}
      disabled={disabled}
      data-checked={checked ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      onClick={() => onChange(!checked)}
      className="group relative inline-flex h-5 w-9 shrink-0 cursor-pointer rounded-full bg-slate-300 transition data-checked:bg-brand-600 data-disabled:cursor-not-allowed data-disabled:opacity-50"
    >
      <span aria-hidden="true" className="pointer-events-none inline-block size-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-checked:translate-x-[18px]" />
    </IconButton>
  );
}

/** A field's label above its control and its error (or hint) below, tied to it by `id`. */
export function FieldShell({ id, label, error, hint, className, children }: { id: string; label: string; error?: string; hint?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs whitespace-pre-line text-red-600">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  /** `userText`: the label is a record's name, marked as user data (UserText). */
  options: readonly { value: string; label: string; userText?: boolean }[];
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, error, options, id, className = '', ref, ...props }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} className={className}>
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={`${controlClass(error)}`}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} {...(option.userText ? USER_TEXT : {})}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, id, className = '', ref, ...props }: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={fieldId}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        className={`${controlClass(error)}`}
        {...props}
      />
    </FieldShell>
  );
}

/** A titled group of form fields (onboarding: merchant, owner, settlement). */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
      <legend className="text-sm font-semibold text-slate-900">{title}</legend>
      {description && <p className="-mt-1 text-xs text-slate-500">{description}</p>}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
