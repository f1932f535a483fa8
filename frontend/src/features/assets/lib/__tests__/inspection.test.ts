import { describe, expect, it } from 'vitest';
import type { TemplateItem } from '../../types';
import { damagePreview, initialLines, linePassed, linesBody, missingRequired } from '../inspection';

const item = (patch: Partial<TemplateItem>): TemplateItem => ({
  code: 'x',
  label: 'X',
  label_en: 'X',
  kind: 'pass_fail',
  required: true,
  blocks_restock: false,
  cosmetic: false,
  prices: { minor: '100.00', moderate: '300.00', severe: '900.00' },
  choices: [],
  fail_choices: [],
  min_pass: null,
  unit: '',
  ...patch,
});

const lock = item({ code: 'lock', blocks_restock: true, prices: { minor: '0.00', moderate: '0.00', severe: '0.00' } });
const battery = item({ code: 'battery', kind: 'number', min_pass: '80' });
const glass = item({ code: 'glass', kind: 'choice', cosmetic: true, choices: ['完好', '划痕', '碎裂'], fail_choices: ['碎裂'] });
const ITEMS = [lock, battery, glass];

describe('linePassed', () => {
  it('passes a number at or above its threshold and fails one below it', () => {
    expect(linePassed(battery, { passed: null, value: '80', choice: '', severity: '' })).toBe(true);
    expect(linePassed(battery, { passed: null, value: '79.5', choice: '', severity: '' })).toBe(false);
    expect(linePassed(battery, { passed: null, value: '', choice: '', severity: '' })).toBeNull();
  });

  it('fails a choice only on a failing one', () => {
    expect(linePassed(glass, { passed: null, value: '', choice: '划痕', severity: '' })).toBe(true);
    expect(linePassed(glass, { passed: null, value: '', choice: '碎裂', severity: '' })).toBe(false);
  });
});

describe('damagePreview', () => {
  it('adds the priced failed lines and the lock charge when a blocking item failed', () => {
    const lines = initialLines(ITEMS);
    lines.lock = { passed: false, value: '', choice: '', severity: '' };
    lines.battery = { passed: null, value: '70', choice: '', severity: 'minor' };
    lines.glass = { passed: null, value: '', choice: '碎裂', severity: 'severe' };
    expect(damagePreview(ITEMS, lines, '299.00')).toBe('1299.00');
    lines.lock = { passed: true, value: '', choice: '', severity: '' };
    expect(damagePreview(ITEMS, lines, '299.00')).toBe('1000.00');
  });

  it('never charges a passed line, whatever severity is left on it', () => {
    const lines = initialLines(ITEMS);
    lines.battery = { passed: null, value: '95', choice: '', severity: 'severe' };
    expect(damagePreview(ITEMS, lines, '0')).toBe('0.00');
  });
});

describe('lines for the call', () => {
  it('names the required items left unchecked and sends only the checked ones', () => {
    const lines = initialLines(ITEMS);
    lines.battery = { passed: null, value: '88', choice: '', severity: 'minor' };
    expect(missingRequired(ITEMS, lines)).toEqual(['lock', 'glass']);
    expect(linesBody(ITEMS, lines)).toEqual([{ code: 'battery', passed: null, value: '88', choice: '', severity: '', note: '' }]);
  });
});
