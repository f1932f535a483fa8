import type { Tone } from '@/components/StatusBadge';

const STATUS_TONE: Record<string, Tone> = {
  draft: 'slate',
  in_review: 'sky',
  on_shelf: 'green',
  off_shelf: 'amber',
  force_down: 'red',
};

export function goodsStatusTone(status: string, forceDown: boolean): Tone {
  return forceDown ? 'red' : (STATUS_TONE[status] ?? 'slate');
}
