/** How an add-on service's state reads on either side. */
import type { Tone } from '@/components/StatusBadge';
import type { AddonType, Gain } from '../types';

export type GainState = 'enabled' | 'disabled' | 'platformDisabled';

/** The platform's disabling outranks the merchant's switch: such an add-on reads "disabled by the platform". */
export function gainState(gain: Pick<Gain, 'status' | 'platform_disabled'>): GainState {
  if (gain.platform_disabled) return 'platformDisabled';
  return gain.status === 1 ? 'enabled' : 'disabled';
}

export const GAIN_STATE_TONE: Record<GainState, Tone> = { enabled: 'green', disabled: 'slate', platformDisabled: 'red' };

/** A type's name in the screen's language; the platform list names types in Chinese only. */
export function addonTypeLabel(type: Pick<AddonType, 'name' | 'name_en'>, locale: string): string {
  return locale.startsWith('en') ? type.name_en || type.name : type.name;
}

export function gainTypeName(gain: Pick<Gain, 'gain_type' | 'gain_type_name'>, types: readonly AddonType[] | undefined, locale: string): string {
  const type = types?.find((item) => item.code === gain.gain_type);
  return type ? addonTypeLabel(type, locale) : gain.gain_type_name || gain.gain_type;
}

/** The type codes the server takes (tenants/catalog/schemas.py AddonTypeIn). */
export const ADDON_TYPE_CODE_PATTERN = /^[a-z][a-z0-9_]{1,19}$/;
