/**
 * What the notarization section decides without the server: which call each step button
 * makes, the order the buttons show in, the tone of each status, and pictures as base64.
 */
import type { Tone } from '@/components/StatusBadge';

export const STEP_PATHS = {
  push_customer: '/api/notarization/pushCustomerInfo',
  push_id_card: '/api/notarization/pushIdCardInfo',
  push_contract: '/api/notarization/pushContractInfo',
  submit: '/api/notarization/readyNotary',
  query: '/api/notarization/queryNotary',
  cancel: '/api/notarization/cancelNotary',
} as const;

export type NotaryStep = keyof typeof STEP_PATHS;
/** A button of the section: a step, or the customer's link (a read that moves nothing). */
export type NotaryButton = NotaryStep | 'link';

const BUTTON_ORDER: readonly NotaryButton[] = ['push_customer', 'push_id_card', 'push_contract', 'submit', 'link', 'query', 'cancel'];

export const PROVIDER_FAILED = 1012;
export const CONFLICT = 409;

/** The server's allowed next steps as buttons, the main one first and cancel last; unknown names are left out. */
export function notaryButtons(actions: readonly string[]): NotaryButton[] {
  return BUTTON_ORDER.filter((button) => actions.includes(button));
}

const TONES: Record<string, Tone> = {
  none: 'slate',
  draft: 'amber',
  customer_pushed: 'amber',
  id_pushed: 'amber',
  contract_pushed: 'amber',
  submitted: 'sky',
  notarized: 'green',
  failed: 'red',
  cancelled: 'slate',
};

export function notaryTone(status: string): Tone {
  return TONES[status] ?? 'slate';
}

/** Known reasons of a failed case; anything else reads as the general refusal. */
export const FAILURE_REASONS = ['REFUSED', 'FACE_CHECK_FAILED', 'EVIDENCE_INCOMPLETE'] as const;

export function failureKey(reason: string): (typeof FAILURE_REASONS)[number] | 'other' {
  return (FAILURE_REASONS as readonly string[]).includes(reason) ? (reason as (typeof FAILURE_REASONS)[number]) : 'other';
}

/** 12 345 bytes → "12.1 KB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const PICTURE_MAX_BYTES = 1024 * 1024;
export const PICTURE_TYPES = ['image/jpeg', 'image/png'];

/** Whether a chosen file can be sent as an ID card picture (the server checks the bytes again). */
export function pictureProblem(file: { size: number; type: string }): 'type' | 'size' | null {
  if (!PICTURE_TYPES.includes(file.type)) return 'type';
  if (file.size > PICTURE_MAX_BYTES) return 'size';
  return null;
}

/** A data URL's payload ("data:image/png;base64,AAAA" → "AAAA"). */
export function base64Payload(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma === -1 ? '' : dataUrl.slice(comma + 1);
}

export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(base64Payload(String(reader.result)));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export const NOTARY_STATUSES = ['none', 'draft', 'customer_pushed', 'id_pushed', 'contract_pushed', 'submitted', 'notarized', 'failed', 'cancelled'] as const;
export type NotaryStatus = (typeof NOTARY_STATUSES)[number];

/** The server's status as one the catalogue names (an unknown one reads as not started). */
export function knownStatus(status: string): NotaryStatus {
  return (NOTARY_STATUSES as readonly string[]).includes(status) ? (status as NotaryStatus) : 'none';
}

export const EVIDENCE_PARTS = ['id_card_front', 'id_card_back', 'contract', 'bill_schedule', 'credit_file'] as const;
export type EvidencePartName = (typeof EVIDENCE_PARTS)[number];

export function knownPart(name: string): EvidencePartName | null {
  return (EVIDENCE_PARTS as readonly string[]).includes(name) ? (name as EvidencePartName) : null;
}
