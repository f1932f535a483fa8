import { describe, expect, it } from 'vitest';
import { openKeys, type TreeNode } from '@/components/Tree';
import { correctable, fileStatusTone, recordStateTone } from '../credit';

const leaf = (key: string, parentKey: string, type: string, value: string): TreeNode => ({ key, parentKey, label: type, parentName: '', type, value, children: [] });

describe('a credit record', () => {
  it('is corrected only while waiting to go or once the bureau answered', () => {
    expect(['pending', 'accepted', 'rejected'].every(correctable)).toBe(true);
    expect(['in_file', 'replaced', 'draft', 'withdrawn'].some(correctable)).toBe(false);
  });

  it('reads its state and its file by tone', () => {
    expect(recordStateTone('rejected')).toBe('red');
    expect(recordStateTone('accepted')).toBe('green');
    expect(recordStateTone('replaced')).toBe('slate');
    expect(fileStatusTone('partial')).toBe('amber');
    expect(fileStatusTone('submitted')).toBe('sky');
  });
});

describe('the tree', () => {
  it('opens the first two levels of branches and leaves deeper ones closed', () => {
    const record: TreeNode = { key: '0-1-0-0', parentKey: '0-1-0', label: 'Record', parentName: 'Account', type: 'Record', value: null, children: [leaf('0-1-0-0-0', '0-1-0-0', 'StatusCode', 'N')] };
    const account: TreeNode = { key: '0-1-0', parentKey: '0-1', label: 'Account', parentName: 'Section', type: 'Account', value: null, children: [record] };
    const section: TreeNode = { key: '0-1', parentKey: '0', label: 'Section D1', parentName: 'CreditReport', type: 'Section', value: null, children: [account] };
    const root: TreeNode = { key: '0', parentKey: '', label: 'File', parentName: '', type: 'CreditReport', value: null, children: [leaf('0-0', '0', 'Header', ''), section] };
    expect([...openKeys([root])].sort()).toEqual(['0', '0-1']);
    expect([...openKeys([root], 4)].sort()).toEqual(['0', '0-1', '0-1-0', '0-1-0-0']);
  });
});
