/** What the rich-text editor takes (the kit's `RichTextEditor`, loaded on demand). */
export interface RichTextEditorProps {
  /** The field's visible label; it also names the editing area for assistive technology. */
  label: string;
  /** The HTML being edited; '' when empty. */
  value: string;
  /** Called with the editor's HTML ('' when it holds nothing) after every change. */
  onChange: (html: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
  /** Pictures the author may insert with one click (e.g. the goods' uploaded pictures). */
  pictures?: readonly string[];
  /** Uploads a picture and answers its URL; without it the picture panel only picks. */
  onUpload?: (file: File) => Promise<string>;
  /** The upload's failure in words (its error codes belong to the caller). */
  uploadErrorMessage?: (file: File, failure: unknown) => string;
}

/** What the loaded body takes: the wrapper keeps the label, hint and error outside it. */
export interface RichTextBodyProps extends Omit<RichTextEditorProps, 'label' | 'error' | 'hint'> {
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}

/** Link targets the server keeps (zulin.core.richtext): anything else is refused here too. */
export const LINK_PATTERN = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
