'use client';

/* eslint-disable @next/next/no-img-element -- pictures come from the API's media path */
import { Extension, type Editor } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { LINK_PATTERN, PICTURE_ACCEPT, type RichTextBodyProps } from './types';
import { IconButton } from '@/components/ui/IconButton';
import { FileButton } from '@/components/ui/FileInput';

// The editing area's text (Tailwind's reset leaves headings, lists and links unstyled).
const CONTENT_CLASS = [
  'min-h-40 px-3 py-2 text-sm outline-none',
  '[&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:mb-1 [&_h3]:font-semibold [&_p]:my-1',
  '[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3',
  '[&_a]:text-brand-600 [&_a]:underline [&_img]:my-1 [&_img]:max-h-80 [&_img]:max-w-full [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-brand-500',
].join(' ');

const ALIGNMENTS = ['left', 'center', 'right'] as const;
type Alignment = (typeof ALIGNMENTS)[number];
const ALIGNED = ['paragraph', 'heading'];

/**
 * Text alignment of paragraphs and headings as `style="text-align: …"`, the one style the
 * server keeps (Tiptap's own extension trails the other packages' releases).
 */
const TextAlign = Extension.create({
  name: 'textAlign',
  addGlobalAttributes() {
    return [
      {
        types: ALIGNED,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element: HTMLElement) => ((ALIGNMENTS as readonly string[]).includes(element.style.textAlign) ? element.style.textAlign : null),
            renderHTML: (attributes: Record<string, unknown>) => (attributes.textAlign ? { style: `text-align: ${String(attributes.textAlign)}` } : {}),
          },
        },
      },
    ];
  },
});

function setAlignment(editor: Editor, alignment: Alignment) {
  // Left is the default: stored as no style at all.
  const value = alignment === 'left' ? null : alignment;
  editor
    .chain()
    .focus()
    .command(({ commands }) => ALIGNED.map((type) => commands.updateAttributes(type, { textAlign: value })).some(Boolean))
    .run();
}

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <IconButton
      label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keep the editor's selection: a toolbar click must not take the focus away first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="inline-flex h-8 min-w-8 items-center justify-center rounded px-1.5 text-sm text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
    >
      {children}
    </IconButton>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-200" />;
}

function LinkPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const t = useTranslations('kit.richText');
  const id = useId();
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const value = href.trim();
    if (!value) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    if (!LINK_PATTERN.test(value)) {
      setError(t('linkInvalid'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected the address itself becomes the link's text.
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] }).run();
    else chain.setLink({ href: value }).run();
    onClose();
  };
  return (
    <div role="group" aria-label={t('link')} className="flex flex-wrap items-start gap-2 border-b border-slate-200 bg-slate-50 px-2 py-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {t('linkAddress')}
        </label>
        <input
          id={id}
          type="url"
          autoFocus
          value={href}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
            if (event.key === 'Escape') onClose();
          }}
          className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
            {error}
          </p>
        )}
      </div>
      <button type="button" onClick={apply} className="rounded-md bg-brand-600 px-2.5 py-1 text-sm text-white hover:bg-brand-700">
        {t('linkApply')}
      </button>
      {editor.isActive('link') && (
        <button
          type="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
          className="rounded-md px-2.5 py-1 text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-white"
        >
          {t('linkRemove')}
        </button>
      )}
      <button type="button" onClick={onClose} className="rounded-md px-2.5 py-1 text-sm text-slate-600 hover:bg-white">
        {t('cancel')}
      </button>
    </div>
  );
}

function PicturePanel({
  editor,
  pictures,
  onUpload,
  uploadErrorMessage,
  onClose,
}: {
  editor: Editor;
  pictures: readonly string[];
  onUpload?: (file: File) => Promise<string>;
  uploadErrorMessage?: (file: File, failure: unknown) => string;
  onClose: () => void;
}) {
  const t = useTranslations('kit.richText');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const insert = (src: string) => {
    editor.chain().focus().setImage({ src }).run();
    onClose();
  };
  const upload = async (file: File) => {
    if (!onUpload) return;
    setError(null);
    setUploading(true);
    try {
      insert(await onUpload(file));
    } catch (failure) {
      setError(uploadErrorMessage ? uploadErrorMessage(file, failure) : t('uploadFailed', { name: file.name }));
    } finally {
      setUploading(false);
    }
  };
  return (
    <div role="group" aria-label={t('picture')} className="border-b border-slate-200 bg-slate-50 px-2 py-2">
      <p className="mb-1 text-xs text-slate-500">{pictures.length > 0 ? t('pictureChoose') : t('pictureNone')}</p>
      <ul className="flex flex-wrap gap-2">
        {pictures.map((src, index) => (
          <li key={src}>
            <IconButton onClick={() => insert(src)} label={t('pictureInsert', { index: index + 1 })} className="block size-16 overflow-hidden rounded border border-slate-200 bg-white hover:ring-2 hover:ring-brand-500">
              <img src={src} alt="" className="size-full object-cover" />
            </IconButton>
          </li>
        ))}
        {onUpload && (
          <li>
            <FileButton
              look="tile"
              className="size-16 rounded"
              accept={PICTURE_ACCEPT}
              disabled={uploading}
              onFiles={([file]) => {
                if (file) void upload(file);
              }}
            >
              {uploading ? <Spinner label={t('uploading')} className="flex-col text-[11px]" /> : t('pictureUpload')}
            </FileButton>
          </li>
        )}
      </ul>
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
      <button type="button" onClick={onClose} className="mt-2 rounded-md px-2.5 py-1 text-sm text-slate-600 hover:bg-white">
        {t('cancel')}
      </button>
    </div>
  );
}

function toolState(editor: Editor) {
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    strike: editor.isActive('strike'),
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    link: editor.isActive('link'),
    center: editor.isActive({ textAlign: 'center' }),
    right: editor.isActive({ textAlign: 'right' }),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/** The editor itself (Tiptap on ProseMirror); loaded on demand by the kit's RichTextEditor. */
export function RichTextEditorBody({ value, onChange, disabled = false, pictures = [], onUpload, uploadErrorMessage, labelId, describedBy, invalid }: RichTextBodyProps) {
  const t = useTranslations('kit.richText');
  const [panel, setPanel] = useState<'link' | 'picture' | null>(null);
  // The HTML this editor last reported: a `value` that differs came from outside (a reset).
  const reported = useRef(value);
  // Tiptap keeps the callbacks it was created with: changes reach the latest onChange.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    immediatelyRender: false,
    editable: !disabled,
    content: value,
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: { levels: [2, 3] },
        // An empty paragraph after a last heading or picture would be stored with the text.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => LINK_PATTERN.test(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
      Image.configure({ allowBase64: false }),
      TextAlign,
    ],
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: CONTENT_CLASS,
      },
    },
    onUpdate: ({ editor: changed }) => {
      const html = changed.isEmpty ? '' : changed.getHTML();
      reported.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    if (editor && value !== reported.current) {
      reported.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    // Not a change of the text: nothing to report (setEditable reports one by default).
    if (editor && editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // The toolbar's pressed and enabled states, read again after every transaction.
  const watched = useEditorState({ editor, selector: ({ editor: current }) => (current ? toolState(current) : null) });

  const frame = `overflow-hidden rounded-md border bg-white shadow-xs focus-within:ring-2 ${invalid ? 'border-red-400 focus-within:ring-red-200' : 'border-slate-300 focus-within:border-brand-500 focus-within:ring-brand-100'}`;
  if (!editor) {
    return <div className={`${frame} h-48 bg-slate-50`} />;
  }
  // Before its first transaction the subscription has not read the new editor yet.
  const state = watched ?? toolState(editor);
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => command(editor.chain().focus()).run();
  const toolsOff = disabled;
  return (
    <div className={`${frame} ${disabled ? 'opacity-70' : ''}`}>
      <div role="toolbar" aria-label={t('toolbar')} className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-white px-1 py-1">
        <ToolButton label={t('bold')} active={state.bold} disabled={toolsOff} onClick={run((c) => c.toggleBold())}>
          <span className="font-bold">B</span>
        </ToolButton>
        <ToolButton label={t('italic')} active={state.italic} disabled={toolsOff} onClick={run((c) => c.toggleItalic())}>
          <span className="font-serif italic">I</span>
        </ToolButton>
        <ToolButton label={t('underline')} active={state.underline} disabled={toolsOff} onClick={run((c) => c.toggleUnderline())}>
          <span className="underline">U</span>
        </ToolButton>
        <ToolButton label={t('strike')} active={state.strike} disabled={toolsOff} onClick={run((c) => c.toggleStrike())}>
          <span className="line-through">S</span>
        </ToolButton>
        <Separator />
        <ToolButton label={t('heading2')} active={state.h2} disabled={toolsOff} onClick={run((c) => c.toggleHeading({ level: 2 }))}>
          <span className="text-xs font-semibold">H2</span>
        </ToolButton>
        <ToolButton label={t('heading3')} active={state.h3} disabled={toolsOff} onClick={run((c) => c.toggleHeading({ level: 3 }))}>
          <span className="text-xs font-semibold">H3</span>
        </ToolButton>
        <ToolButton label={t('bulletList')} active={state.bulletList} disabled={toolsOff} onClick={run((c) => c.toggleBulletList())}>
          <svg className="size-4" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
            <circle cx="2.5" cy="4" r="1.25" />
            <circle cx="2.5" cy="8" r="1.25" />
            <circle cx="2.5" cy="12" r="1.25" />
            <rect x="5.5" y="3.25" width="9" height="1.5" rx=".75" />
            <rect x="5.5" y="7.25" width="9" height="1.5" rx=".75" />
            <rect x="5.5" y="11.25" width="9" height="1.5" rx=".75" />
          </svg>
        </ToolButton>
        <ToolButton label={t('orderedList')} active={state.orderedList} disabled={toolsOff} onClick={run((c) => c.toggleOrderedList())}>
          <span className="text-xs font-semibold">1.</span>
        </ToolButton>
        <Separator />
        <ToolButton label={t('alignLeft')} active={!state.center && !state.right} disabled={toolsOff} onClick={() => setAlignment(editor, 'left')}>
          <AlignIcon alignment="left" />
        </ToolButton>
        <ToolButton label={t('alignCenter')} active={state.center} disabled={toolsOff} onClick={() => setAlignment(editor, 'center')}>
          <AlignIcon alignment="center" />
        </ToolButton>
        <ToolButton label={t('alignRight')} active={state.right} disabled={toolsOff} onClick={() => setAlignment(editor, 'right')}>
          <AlignIcon alignment="right" />
        </ToolButton>
        <Separator />
        <ToolButton label={t('link')} active={state.link} disabled={toolsOff} onClick={() => setPanel(panel === 'link' ? null : 'link')}>
          <svg className="size-4" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" aria-hidden="true">
            <path d="M6.5 9.5a3 3 0 0 0 4.2 0l2.3-2.3a3 3 0 0 0-4.2-4.2l-.9.9" />
            <path d="M9.5 6.5a3 3 0 0 0-4.2 0L3 8.8a3 3 0 0 0 4.2 4.2l.9-.9" />
          </svg>
        </ToolButton>
        <ToolButton label={t('picture')} disabled={toolsOff} onClick={() => setPanel(panel === 'picture' ? null : 'picture')}>
          <svg className="size-4" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
            <rect x="1.75" y="2.75" width="12.5" height="10.5" rx="1.5" />
            <circle cx="5.5" cy="6.25" r="1.25" />
            <path d="m2 12 3.5-3.5 2.5 2.5 2-2 4 4" strokeLinejoin="round" />
          </svg>
        </ToolButton>
        <Separator />
        <ToolButton label={t('undo')} disabled={toolsOff || !state.canUndo} onClick={run((c) => c.undo())}>
          <span aria-hidden="true">↶</span>
        </ToolButton>
        <ToolButton label={t('redo')} disabled={toolsOff || !state.canRedo} onClick={run((c) => c.redo())}>
          <span aria-hidden="true">↷</span>
        </ToolButton>
      </div>
      {panel === 'link' && <LinkPanel editor={editor} onClose={() => setPanel(null)} />}
      {panel === 'picture' && <PicturePanel editor={editor} pictures={pictures} onUpload={onUpload} uploadErrorMessage={uploadErrorMessage} onClose={() => setPanel(null)} />}
      <EditorContent editor={editor} />
    </div>
  );
}

/** Three lines, the middle one short and placed as the alignment places text. */
function AlignIcon({ alignment }: { alignment: Alignment }) {
  const shortX = { left: 2, center: 5, right: 8 }[alignment];
  return (
    <svg className="size-4" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <rect x="2" y="3.25" width="12" height="1.5" rx=".75" />
      <rect x={shortX} y="7.25" width="6" height="1.5" rx=".75" />
      <rect x="2" y="11.25" width="12" height="1.5" rx=".75" />
    </svg>
  );
}
