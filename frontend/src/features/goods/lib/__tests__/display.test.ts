import { describe, expect, it } from 'vitest';
import { storefrontDisplay } from '../display';

describe('storefront display', () => {
  it('applies to goods on shelf only', () => {
    expect(storefrontDisplay({ status: 'on_shelf', force_down: false, display_status: true })).toBe('shown');
    expect(storefrontDisplay({ status: 'on_shelf', force_down: false, display_status: false })).toBe('notShown');
    expect(storefrontDisplay({ status: 'off_shelf', force_down: false, display_status: true })).toBeNull();
    expect(storefrontDisplay({ status: 'on_shelf', force_down: true, display_status: true })).toBeNull();
  });
});
