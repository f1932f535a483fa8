'use client';

import { useLocale } from 'next-intl';
import { DetailError, DetailLoading } from '@/components/DetailSection';
import { ReasonDialog, type ReasonDialogProps } from '@/components/ReasonDialog';
import { Dialog } from '@/components/ui/Dialog';

/** A preset reason to reject, as the server answers it (both catalogue languages). */
export interface RejectPreset {
  label: string;
  label_en: string;
}

const OTHER = '__other__';

/**
 * The platform rejects a reviewed request (a withdrawal, a risk recharge) with a reason the
 * merchant sees: one of the server's presets or its own words. A preset is sent in the
 * catalogue's words (zh), with the person's note after it. While the presets load the dialog
 * waits; when they fail it offers a retry.
 */
export function ReviewRejectDialog({
  title,
  description,
  presets,
  presetsFailed,
  onRetry,
  loadErrorTitle,
  otherLabel,
  maxLength,
  onReject,
  onClose,
  ...dialog
}: {
  title: string;
  description?: string;
  /** Undefined while they load. */
  presets: readonly RejectPreset[] | undefined;
  presetsFailed: boolean;
  onRetry: () => void;
  loadErrorTitle: string;
  otherLabel: string;
  maxLength: number;
  onReject: (reason: string) => Promise<unknown>;
  onClose: () => void;
} & Pick<ReasonDialogProps, 'confirmLabel' | 'labels'>) {
  const locale = useLocale();
  if (!presets) {
    return (
      <Dialog open onClose={onClose} title={title}>
        {presetsFailed ? <DetailError title={loadErrorTitle} onRetry={onRetry} /> : <DetailLoading />}
      </Dialog>
    );
  }
  const choices = [
    ...presets.map((preset) => ({ value: preset.label, label: locale.startsWith('zh') ? preset.label : preset.label_en || preset.label })),
    { value: OTHER, label: otherLabel, needsText: true },
  ];
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={title}
      description={description}
      reasonRequired
      danger
      choices={choices}
      maxLength={maxLength}
      {...dialog}
      onConfirm={async (text, choice) => {
        const preset = choice && choice !== OTHER ? choice : '';
        await onReject([preset, text].filter(Boolean).join('；').slice(0, maxLength));
      }}
    />
  );
}
