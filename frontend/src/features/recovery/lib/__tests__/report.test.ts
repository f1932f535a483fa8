import { describe, expect, it } from 'vitest';
import { clampRange, formatRate, parseReportState, reportRows, reportSearch } from '../report';

const figures = (cases: number, recovered = '0.00') => ({
  cases,
  recovered,
  recovered_after_write_off: '0.00',
  owed: '0.00',
  recovery_rate: null,
  promises_kept: 0,
  promises_broken: 0,
  closed: 0,
  written_off: 0,
  written_off_amount: '0.00',
});

describe('the recovery report', () => {
  it('keeps its range in the URL, never backwards nor over a year', () => {
    const state = parseReportState(new URLSearchParams('date_from=2026-11-01&date_to=2026-11-25&group=bucket'));
    expect(state).toMatchObject({ date_from: '2026-11-01', date_to: '2026-11-25', group: 'bucket' });
    expect(reportSearch(state)).toBe('date_from=2026-11-01&date_to=2026-11-25&group=bucket');
    expect(clampRange('2026-11-25', '2026-11-01')).toEqual({ date_from: '2026-11-25', date_to: '2026-11-25' });
    expect(clampRange('2024-01-01', '2026-11-25')).toEqual({ date_from: '2025-11-25', date_to: '2026-11-25' });
    const fallback = parseReportState(new URLSearchParams('date_from=nonsense'), new Date('2026-11-25T04:00:00Z'));
    expect(fallback).toMatchObject({ date_from: '2026-10-27', date_to: '2026-11-25', group: 'collector' });
  });

  it('shows each group then the totals, and nothing when no case counts', () => {
    const answer = {
      by_collector: [
        { ...figures(2, '100.00'), collector_id: 7, collector_name: '催收员一' },
        { ...figures(1), collector_id: null, collector_name: '' },
      ],
      by_bucket: [{ ...figures(3, '100.00'), bucket: 'M1' }],
      totals: figures(3, '100.00'),
    };
    expect(reportRows(answer, 'collector').map((row) => [row.kind, row.name])).toEqual([
      ['collector', '催收员一'],
      ['unassigned', ''],
      ['total', ''],
    ]);
    expect(reportRows(answer, 'bucket').map((row) => row.id)).toEqual(['bucket-M1', 'total']);
    expect(reportRows({ by_collector: [], by_bucket: [{ ...figures(0), bucket: 'M1' }], totals: figures(0) }, 'bucket')).toEqual([]);
  });

  it('reads the rate as a percent', () => {
    expect(formatRate('45.12')).toBe('45.12%');
    expect(formatRate(null)).toBe('—');
  });
});
