import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type FileInputBase = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'defaultValue' | 'onChange' | 'className' | 'children'> & {
  /** The files chosen (none when the person cancelled); the caller checks type and size. */
  onFiles: (files: File[]) => void;
};

const NATIVE = 'block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200';

/**
 * The browser's own file control, styled: it names the chosen file itself. Label it with a
 * `<label htmlFor>` beside it (its accessible name), as the kit's fields do.
 */
export function FileInput({ onFiles, ...input }: FileInputBase) {
  return <input type="file" className={NATIVE} {...input} onChange={(event) => onFiles(Array.from(event.target.files ?? []))} />;
}

const LOOKS = {
  /** A dashed box (a picture's place); its size and corners come from `className`. */
  tile: 'flex cursor-pointer flex-col items-center justify-center border border-dashed border-slate-300 bg-white text-xs text-slate-500 hover:border-brand-500 hover:text-brand-600 focus-within:ring-2 focus-within:ring-brand-100',
  /** A secondary button. */
  button: 'cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-200',
} as const;

/**
 * A file picker shown as a tile or a button: the input is hidden inside the label, so the
 * label's text (`children`) is its accessible name unless `aria-label` says otherwise. The
 * input is emptied after each choice, so the same file can be chosen again (after a failed
 * upload, or once removed).
 */
export function FileButton({ look, className = '', children, id, onFiles, ...input }: FileInputBase & { look: keyof typeof LOOKS; className?: string; children: ReactNode }) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <label htmlFor={inputId} className={`${LOOKS[look]} ${className}`}>
      {children}
      <input
        type="file"
        id={inputId}
        className="sr-only"
        {...input}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          onFiles(files);
        }}
      />
    </label>
  );
}
