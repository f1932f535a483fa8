import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/catalogues/en';
import zh from '@/i18n/catalogues/zh-CN';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function lookup(tree: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree);
}

const FRONTEND = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const LOCALES = ['en', 'zh-CN'] as const;

/** Every folder of catalogues: the app-wide one and each feature's (docs/architecture.md, Front end). */
function catalogueFolders(): string[] {
  const features = join(FRONTEND, 'src/features');
  return ['messages', ...readdirSync(features).map((feature) => `src/features/${feature}/messages`)].filter((folder) => existsSync(join(FRONTEND, folder)));
}

function readCatalogue(folder: string, locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(FRONTEND, folder, `${locale}.json`), 'utf8')) as Record<string, unknown>;
}

describe('catalogue files', () => {
  it('are found (the app-wide one and the features’)', () => {
    expect(catalogueFolders()).toContain('messages');
    expect(catalogueFolders()).toContain('src/features/orders/messages');
  });

  it('hold en and zh-CN in each folder, and nothing else', () => {
    for (const folder of catalogueFolders()) expect(readdirSync(join(FRONTEND, folder)).sort(), folder).toEqual(['en.json', 'zh-CN.json']);
  });

  it('have the same keys in en and zh-CN, file by file', () => {
    for (const folder of catalogueFolders()) expect(keys(readCatalogue(folder, 'en')).sort(), folder).toEqual(keys(readCatalogue(folder, 'zh-CN')).sort());
  });

  it('define each top-level namespace in one file only', () => {
    for (const locale of LOCALES) {
      const owner = new Map<string, string>();
      const twice: string[] = [];
      for (const folder of catalogueFolders()) {
        for (const namespace of Object.keys(readCatalogue(folder, locale))) {
          if (owner.has(namespace)) twice.push(`${namespace}: ${owner.get(namespace)} and ${folder} (${locale})`);
          else owner.set(namespace, folder);
        }
      }
      expect(twice).toEqual([]);
    }
  });

  it('are all in the catalogue the app is given, which holds nothing else', () => {
    for (const [locale, catalogue] of [['en', en], ['zh-CN', zh]] as const) {
      const files = catalogueFolders().map((folder) => readCatalogue(folder, locale));
      expect(catalogue, locale).toEqual(Object.assign({}, ...files));
    }
  });
});

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
