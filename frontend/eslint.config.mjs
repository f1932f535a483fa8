import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // No cycle of value imports (issue 26, docs/architecture.md): a module never needs, while it
      // loads, a module that needs it back. A type-only import (`import type`) and a lazy
      // `import()` may close a loop, since neither runs when the module loads.
      'import/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'src/api/schema.d.ts', 'next-env.d.ts'],
  },
];

export default config;
