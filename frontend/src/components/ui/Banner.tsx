import type { ReactNode } from 'react';
import { IconButton } from './IconButton';

export type BannerTone = 'warning' | 'error' | 'info';

const TONES: Record<BannerTone, string> = {
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
};

/**
 * A message across the top of a screen or of the layout that stays until what it says is dealt
 * with (a notice fades, a banner does not): a region named by `label`, its lines, and with
 * `onDismiss` a close button named by `dismissLabel` (the caller decides for how long it stays
 * away). An `alert` tone is read out when it appears.
 */
export function Banner({
  label,
  tone = 'warning',
  alert = false,
  dismissLabel,
  onDismiss,
  children,
  ...rest
}: {
  label: string;
  tone?: BannerTone;
  alert?: boolean;
  dismissLabel?: string;
  onDismiss?: () => void;
  children: ReactNode;
} & { [data: `data-${string}`]: string | undefined }) {
  return (
    <section aria-label={label} role={alert ? 'alert' : undefined} className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-sm ${TONES[tone]}`} {...rest}>
      <svg className="mt-0.5 size-4 shrink-0" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
        <path fillRule="evenodd" d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" clipRule="evenodd" />
      </svg>
      <div className="flex min-w-0 flex-1 flex-col gap-2 [overflow-wrap:anywhere]">{children}</div>
      {onDismiss && dismissLabel && (
        <IconButton label={dismissLabel} onClick={onDismiss} className="-m-1 shrink-0 rounded p-1 opacity-70 hover:opacity-100">
          <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </IconButton>
      )}
    </section>
  );
}
