import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function lookup(tree: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree);
}

describe('message catalogues', () => {
  it('have the same keys in zh-CN and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it('have no empty message', () => {
    for (const key of keys(zh)) expect(lookup(zh, key), key).not.toBe('');
    for (const key of keys(en)) expect(lookup(en, key), key).not.toBe('');
  });

  it('hold the wording the spec names', () => {
    expect(zh.notice.requestError).toBe('请求错误');
    expect(zh.notice.networkError).toBe('网络错误');
    expect(zh.clipboard.copied).toBe('链接已复制到剪贴板');
    expect(zh.clipboard.failed).toBe('复制链接失败');
    expect(zh.rolePicker.pageTitle).toBe(zh.login.pageTitle);
  });
});
