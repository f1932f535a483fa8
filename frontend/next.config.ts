import { existsSync, readdirSync } from 'node:fs';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

/** Spec 9: a page chunk may take up to 120 s before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Lets two builds of this folder live side by side (parallel work, e2e runs).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  // `BUNDLE_SOURCEMAPS=1 npm run build` keeps browser source maps to see what a chunk holds.
  productionBrowserSourceMaps: process.env.BUNDLE_SOURCEMAPS === '1',
  // `npm run typecheck` is its own step; skipping it here keeps `next build` fast on 2 cores.
  typescript: { ignoreBuildErrors: true },
  // The /api proxy lives in src/app/api/[...path]/route.ts so API_ORIGIN is read at run time
  // (rewrites are frozen into the build) and x-forwarded-host is set explicitly.
  webpack(config, { isServer, dev }) {
    if (!isServer) {
      config.output = { ...config.output, chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS };
    }
    if (!isServer && !dev) {
      // A lazy chunk's name carries 8 hex digits of its content hash, not 16: the webpack
      // runtime every screen loads first lists each lazy chunk's hash (about 90 of them, their
      // digits incompressible: 0.35 KB gzip of the 200 KB budget at 16 digits). Eight digits
      // (create-react-app's choice) still tell one build's chunk from another's.
      config.output = { ...config.output, chunkFilename: 'static/chunks/[name].[contenthash:8].js' };
    }
    const splitChunks = config.optimization?.splitChunks;
    if (!isServer && !dev && splitChunks) {
      // Next moves code that several chunks share into a chunk of its own only when that
      // chunk reaches 20 KB; below it each chunk keeps its own copy. The layouts and their
      // error boundaries are separate entries, so every screen fetched next-intl's translator,
      // TanStack Query's observers, next/dynamic's loader and the kit's Button twice. These
      // few libraries, which every screen uses, are one chunk each instead (issue 27 item 10).
      const shared = (name: string, test: RegExp) => ({ name, test, chunks: 'all' as const, enforce: true, priority: 20 });
      config.optimization.splitChunks = {
        ...splitChunks,
        cacheGroups: {
          ...splitChunks.cacheGroups,
          intl: shared('intl', /[\\/]node_modules[\\/](next-intl|use-intl|@formatjs)[\\/]/),
          query: shared('query', /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/),
          dynamic: shared('next-dynamic', /[\\/]node_modules[\\/]next[\\/]dist[\\/]shared[\\/]lib[\\/](app-dynamic|lazy-dynamic)[\\/.]/),
          kit: shared('kit', /[\\/]src[\\/](components[\\/]ui[\\/](Button|Spinner|EmptyState)|lib[\\/](chunkError|chunkGuard))\.tsx?$/),
        },
      };
    }
    return config;
  },
};

/**
 * Every folder of catalogues: the app-wide texts and each feature's beside it
 * (src/features/<feature>/messages), all precompiled alike.
 */
const CATALOGUE_FOLDERS = [
  './messages',
  ...readdirSync('./src/features')
    .map((feature) => `./src/features/${feature}/messages`)
    .filter((folder) => existsSync(folder)),
];

const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  // The catalogues are compiled at build time, so the browser gets no ICU message parser.
  experimental: { messages: { path: CATALOGUE_FOLDERS, locales: 'infer', format: 'json', precompile: true } },
});

export default withNextIntl(nextConfig);
