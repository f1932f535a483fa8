'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { SecretOnce } from '@/components/ui/SecretOnce';

/** What a create or a roll answered once: the secret, what it is for, and nothing kept after. */
export interface Revealed {
  title: string;
  label: string;
  secret: string;
  /** What else the reader must know (how long the old secret or key still works). */
  note?: ReactNode;
}

/**
 * The secret of a new endpoint, key or app key, shown this once: closing the dialog drops it (it
 * is in no query cache and no storage), so it is closed only by its one button or Escape.
 */
export function SecretDialog({ revealed, onClose }: { revealed: Revealed | null; onClose: () => void }) {
  const t = useTranslations('developers.secret');
  if (!revealed) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={revealed.title}
      width={560}
      footer={<Button onClick={onClose}>{t('done')}</Button>}
    >
      <div className="flex flex-col gap-3">
        <SecretOnce label={revealed.label} secret={revealed.secret} />
        {revealed.note && <div className="text-sm text-slate-600">{revealed.note}</div>}
      </div>
    </Dialog>
  );
}
