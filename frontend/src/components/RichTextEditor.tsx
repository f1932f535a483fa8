'use client';

import dynamic from 'next/dynamic';
import { useNearScreen } from './useNearScreen';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { RichTextBodyProps, RichTextEditorProps } from './rich-text/types';

export type { RichTextEditorProps } from './rich-text/types';

function EditorLoading() {
  const t = useTranslations('kit.richText');
  return (
    <div role="status" className="flex h-48 items-center justify-center rounded-md border border-slate-300 bg-slate-50 text-sm text-slate-500">
      {t('loading')}
    </div>
  );
}

// Tiptap and ProseMirror (~140 KB gzip) are a chunk of their own, fetched when an editor comes
// near the screen (see `useNearScreen`) and never server-rendered: no screen's first load
// carries them.
const Body = dynamic<RichTextBodyProps>(() => import('./rich-text/RichTextEditorBody').then((module) => module.RichTextEditorBody), {
  ssr: false,
  loading: EditorLoading,
});

/**
 * A rich-text field (Tiptap): bold, italic, underline, strike, headings, lists, alignment,
 * links, pictures, undo and redo; its value is HTML. The server keeps what it stores to an
 * allow-list (docs/goods.md), which is the markup this editor makes.
 */
export function RichTextEditor({ label, error, hint, className = '', ...props }: RichTextEditorProps & { className?: string }) {
  const id = useId();
  const [box, near] = useNearScreen<HTMLDivElement>();
  return (
    <div ref={box} className={className}>
      <p id={`${id}-label`} className="mb-1 text-sm font-medium text-slate-700">
        {label}
      </p>
      {near ? <Body {...props} labelId={`${id}-label`} describedBy={error ? `${id}-error` : hint ? `${id}-hint` : undefined} invalid={Boolean(error)} /> : <EditorLoading />}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
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
