import { describe, expect, it } from 'vitest';
import { auditChanges } from '../auditDiff';

describe('audit changes', () => {
  it('list the fields whose values differ', () => {
    expect(auditChanges({ name: 'A', contact_name: 'x' }, { name: 'B', contact_name: 'x' })).toEqual([{ field: 'name', before: 'A', after: 'B' }]);
  });

  it('show a creation (no before) field by field', () => {
    expect(auditChanges(null, { status: 'active' })).toEqual([{ field: 'status', before: null, after: 'active' }]);
  });

  it('show non-object values whole, and nothing for nothing', () => {
    expect(auditChanges(null, 'frozen')).toEqual([{ field: '', before: null, after: 'frozen' }]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges({}, { roles: ['auditor'] })).toEqual([{ field: 'roles', before: null, after: '["auditor"]' }]);
  });
});
