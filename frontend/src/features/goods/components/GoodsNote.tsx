import { UserText } from '@/components/ui/UserText';

const TONES = { red: 'bg-red-50 text-red-700', amber: 'bg-amber-50 text-amber-800' };

/** A note under a goods' title in the lists: why the platform took it down (red), what its review said (amber). */
export function GoodsNote({ tone, label, text }: { tone: keyof typeof TONES; label: string; text: string }) {
  return (
    <p className={`mt-1 max-w-md rounded px-2 py-1 text-xs ${TONES[tone]}`}>
      <span className="font-semibold">{label}</span>
      <UserText>{text}</UserText>
    </p>
  );
}
