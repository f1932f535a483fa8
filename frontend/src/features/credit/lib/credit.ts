import type { Tone } from '@/components/StatusBadge';

/** The tone of a record's state: accepted green, rejected red, waiting amber, gone slate. */
export function recordStateTone(state: string): Tone {
  if (state === 'accepted') return 'green';
  if (state === 'rejected') return 'red';
  if (state === 'pending' || state === 'draft') return 'amber';
  if (state === 'in_file') return 'sky';
  return 'slate';
}

/** The tone of a file's status. */
export function fileStatusTone(status: string): Tone {
  if (status === 'accepted') return 'green';
  if (status === 'rejected') return 'red';
  if (status === 'partial') return 'amber';
  if (status === 'submitted') return 'sky';
  return 'slate';
}

/** A record the operator may correct: one waiting to go, or one the bureau answered. */
export function correctable(state: string): boolean {
  return state === 'pending' || state === 'accepted' || state === 'rejected';
}

export const RECORD_STATES = ['pending', 'in_file', 'accepted', 'rejected', 'replaced', 'draft', 'withdrawn'] as const;
