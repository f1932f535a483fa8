import { USER_TEXT } from './ui/UserText';

export type Tone = 'green' | 'amber' | 'sky' | 'slate' | 'red';

const TONES: Record<Tone, string> = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  sky: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  slate: 'bg-slate-100 text-slate-600 ring-slate-500/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
};

const DOTS: Record<Tone, string> = {
  green: 'bg-emerald-500',
  amber: 'bg-amber-500',
  sky: 'bg-sky-500',
  slate: 'bg-slate-400',
  red: 'bg-red-500',
};

/**
 * A status a person reads: the label comes from the message catalogue, the tone from the
 * feature. `userText` says the label is a record's name (an add-on type the platform typed),
 * marked as user data.
 */
export function StatusBadge({ tone, children, title, userText = false }: { tone: Tone; children: string; title?: string; userText?: boolean }) {
  return (
    <span title={title} data-tone={tone} className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}>
      <span className={`size-1.5 rounded-full ${DOTS[tone]}`} aria-hidden="true" />
      {userText ? <span {...USER_TEXT}>{children}</span> : children}
    </span>
  );
}
