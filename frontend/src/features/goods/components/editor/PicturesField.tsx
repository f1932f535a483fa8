'use client';

/* eslint-disable @next/next/no-img-element -- uploaded pictures come from the API's media path */
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { asApiError, GOODS_ERRORS } from '../../lib/apiError';
import { LIMITS } from '../../lib/goodsForm';
import { usePictureUpload } from '../../queries';
import { IconButton } from '@/components/ui/IconButton';
import { FileButton } from '@/components/ui/FileInput';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
const MAX_BYTES = 5 * 1024 * 1024;

/** Why a picture upload failed, in words (the description editor's uploads say it the same way). */
export function uploadFailure(t: ReturnType<typeof useTranslations<'goods.editor.pictures'>>, file: File, failure: unknown): string {
  const apiError = asApiError(failure);
  if (apiError?.code === GOODS_ERRORS.notAnImage) return t('notImage', { name: file.name });
  if (apiError?.code === GOODS_ERRORS.tooLarge) return t('tooLarge', { name: file.name });
  return t('failed', { name: file.name, msg: apiError?.message ?? String(failure) });
}

/** Pictures of the goods: upload (POST /api/getPicUrl), preview, remove; the first is the cover. */
export function PicturesField({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const t = useTranslations('goods.editor.pictures');
  const upload = usePictureUpload();
  const inputId = useId();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);

  const addFiles = async (files: File[]) => {
    setUploadError(null);
    let next = [...value];
    const room = LIMITS.pictures - next.length;
    if (files.length > room) setUploadError(t('tooMany', { max: LIMITS.pictures }));
    for (const file of files.slice(0, Math.max(0, room))) {
      if (file.size > MAX_BYTES) {
        setUploadError(t('tooLarge', { name: file.name }));
        continue;
      }
      setUploading((count) => count + 1);
      try {
        const { url } = await upload.mutateAsync(file);
        next = [...next, url];
        onChange(next);
      } catch (failure) {
        setUploadError(uploadFailure(t, file, failure));
      } finally {
        setUploading((count) => count - 1);
      }
    }
  };

  const shownError = uploadError ?? error;
  return (
    <div>
      <p id={`${inputId}-label`} className="mb-1 text-sm font-medium text-slate-700">
        {t('label')}
      </p>
      <ul aria-labelledby={`${inputId}-label`} className="flex flex-wrap gap-3">
        {value.map((url, index) => (
          <li key={url} className="group relative size-24 overflow-hidden rounded-md border border-slate-200 bg-slate-50">
            <img src={url} alt={t('preview', { index: index + 1 })} className="size-full object-cover" />
            {index === 0 && <span className="absolute bottom-0 left-0 right-0 bg-slate-900/60 py-0.5 text-center text-[11px] text-white">{t('cover')}</span>}
            <IconButton
              onClick={() => onChange(value.filter((_, position) => position !== index))}
              label={t('remove', { index: index + 1 })}
              className="absolute right-1 top-1 rounded-full bg-white/90 p-0.5 text-slate-600 shadow hover:text-red-600"
            >
              <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </IconButton>
          </li>
        ))}
        {value.length < LIMITS.pictures && (
          <li>
            <FileButton look="tile" className="size-24 gap-1 rounded-md" id={inputId} accept={ACCEPT} multiple aria-describedby={`${inputId}-hint`} onFiles={(files) => void addFiles(files)}>
              {uploading > 0 ? (
                <Spinner label={t('uploading')} className="flex-col text-xs" />
              ) : (
                <>
                  <span aria-hidden="true" className="text-2xl leading-none">+</span>
                  <span>{t('upload')}</span>
                </>
              )}
            </FileButton>
          </li>
        )}
      </ul>
      <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
        {t('hint', { max: LIMITS.pictures })}
      </p>
      {shownError && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {shownError}
        </p>
      )}
    </div>
  );
}
