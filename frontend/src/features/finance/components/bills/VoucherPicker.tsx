'use client';

/* eslint-disable @next/next/no-img-element -- a picture the person just picked, shown from its object URL */
import { useEffect, useId, useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { bytesToBase64, VOUCHER_MAX_BYTES, voucherProblem, type VoucherProblem } from '@/features/orders/lib/repayments';
import { useOrderText } from '@/features/orders/components/labels';
import { FileButton } from '@/components/ui/FileInput';

/** The picked voucher: base64 for the server, an object URL for the preview. */
export interface PickedVoucher {
  base64: string;
  previewUrl: string;
  name: string;
}

/**
 * A photographed slip is often larger than the server keeps (1.5 MB): it is redrawn as a JPEG,
 * at most 2000 pixels on its longest side, then smaller still if it needs to be.
 */
async function shrunk(file: File): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(file);
  try {
    for (const [longest, quality] of [
      [2000, 0.85],
      [1400, 0.75],
      [1000, 0.7],
    ] as const) {
      const scale = Math.min(1, longest / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (blob && blob.size <= VOUCHER_MAX_BYTES) return blob;
    }
    return null;
  } finally {
    bitmap.close();
  }
}

/** The bytes of a picked file or a redrawn picture (FileReader: every browser has it). */
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

async function readVoucher(file: File): Promise<{ voucher: PickedVoucher } | { problem: VoucherProblem }> {
  const problem = voucherProblem(file);
  if (problem) return { problem };
  const blob = file.size <= VOUCHER_MAX_BYTES ? file : await shrunk(file).catch(() => null);
  if (!blob) return { problem: 'tooLarge' };
  const bytes = await blobBytes(blob);
  return { voucher: { base64: bytesToBase64(bytes), previewUrl: URL.createObjectURL(blob), name: file.name } };
}

/**
 * The voucher picture of money received outside the provider: a JPEG or PNG picked from the
 * device (a phone's camera too), previewed before it is sent, replaceable.
 */
export function VoucherPicker({ value, onChange, error }: { value: PickedVoucher | null; onChange: (voucher: PickedVoucher | null) => void; error?: string }) {
  const { t } = useOrderText();
  const inputId = useId();
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<VoucherProblem | null>(null);
  const previewUrl = value?.previewUrl;
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setProblem(null);
    try {
      const read = await readVoucher(file);
      if ('problem' in read) setProblem(read.problem);
      else onChange(read.voucher);
    } catch {
      setProblem('type');
    } finally {
      setReading(false);
    }
  };

  const shownError = problem ? t(`repayment.voucherProblem.${problem}`) : error;
  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-slate-700">{t('repayment.voucher')}</span>
      <div className="flex flex-wrap items-center gap-3">
        {value && (
          <a href={value.previewUrl} target="_blank" rel="noreferrer" className="block size-24 overflow-hidden rounded-md border border-slate-200 bg-slate-50">
            <img src={value.previewUrl} alt={t('repayment.voucherPreview')} className="size-full object-cover" />
          </a>
        )}
        <FileButton
          look="tile"
          className="h-24 min-w-24 gap-1 rounded-md px-3"
          id={inputId}
          accept="image/jpeg,image/png"
          aria-label={t('repayment.voucher')}
          aria-describedby={`${inputId}-hint`}
          aria-invalid={shownError ? true : undefined}
          onFiles={([file]) => void pick(file)}
        >
          {reading ? (
            <Spinner label={t('repayment.voucherReading')} className="flex-col text-xs" />
          ) : (
            <>
              <span aria-hidden="true" className="text-2xl leading-none">
                +
              </span>
              <span>{value ? t('repayment.voucherReplace') : t('repayment.voucherPick')}</span>
            </>
          )}
        </FileButton>
        {value && (
          <button type="button" onClick={() => onChange(null)} className="text-sm text-slate-600 hover:text-red-600">
            {t('repayment.voucherRemove')}
          </button>
        )}
      </div>
      <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
        {t('repayment.voucherHint')}
      </p>
      {shownError && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {shownError}
        </p>
      )}
    </div>
  );
}
