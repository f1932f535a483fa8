import { describe, expect, it } from 'vitest';
import { createProblems, dueText, parsePrivacyListState, privacyListQuery, privacyListSearch, statusTone } from '../privacy';

describe('privacy requests', () => {
  it('reads working days left as days left, due today or overdue, nothing once answered', () => {
    expect(dueText(3)).toEqual({ key: 'daysLeft', count: 3 });
    expect(dueText(0)).toEqual({ key: 'dueToday', count: 0 });
    expect(dueText(-2)).toEqual({ key: 'overdueBy', count: 2 });
    expect(dueText(null)).toBeNull();
  });

  it('keeps the workbench filter in the URL and sends it to the list call', () => {
    const state = parsePrivacyListState(new URLSearchParams('attention=overdue&kind=delete&mine=1&status=bogus'));
    expect(state).toMatchObject({ attention: 'overdue', kind: 'delete', mine: true, status: undefined, page: 1 });
    expect(privacyListQuery(state)).toEqual({ attention: 'overdue', kind: 'delete', mine: true, page: 1, page_size: 20 });
    expect(parsePrivacyListState(new URLSearchParams(privacyListSearch(state)))).toEqual(state);
  });

  it('shows an overdue request in red whatever its status', () => {
    expect(statusTone('received', true)).toBe('red');
    expect(statusTone('completed', false)).toBe('green');
  });

  it('checks the requester and the lookup before sending', () => {
    expect(createProblems({ requester_name: ' ', requester_phone: '123', lookup: '' })).toEqual({ requester_name: 'required', requester_phone: 'phoneInvalid', lookup: 'required' });
    expect(createProblems({ requester_name: '张三', requester_phone: '13700000067', lookup: '13700000067' })).toEqual({});
  });
});
