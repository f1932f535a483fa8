import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://demo.localhost:3000/' } },
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    restoreMocks: true,
    // `make test` runs these beside pytest on two cores: a dialog test that takes 0.5 s on a
    // quiet machine took over 5 s (vitest's default limit) under that load.
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
