import { fileURLToPath } from 'node:url';

/** The project folder: standalone output is laid out relative to it, whatever lockfiles sit in parent folders. */
const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/** @type {import('next').NextConfig} */
const nextConfig = {
  // One self-contained server (`node .next/standalone/server.js`): the container image and CI run the same entry point.
  output: 'standalone',
  outputFileTracingRoot: projectRoot,
  turbopack: { root: projectRoot },
  // PGlite loads its wasm from node_modules at run time; bundling it would also publish 15 MB of assets.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  // PGlite runs in a worker thread that requires it by name at run time (lib/embedded-backend/db/pglite-worker-source.ts),
  // which no tracer can see: ship its runtime files with every server output (standalone included).
  outputFileTracingIncludes: {
    '/**': [
      './node_modules/@electric-sql/pglite/package.json',
      './node_modules/@electric-sql/pglite/dist/**/*.{cjs,js,wasm,data}',
      // pg_trgm, loaded by the worker (migration 0350's trigram indexes).
      './node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz',
    ],
  },
  poweredByHeader: false,
  // `npm test` type-checks the tree in `npm run check` just before it builds: the build need not do it again.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
  // `npm run bench:why` builds with browser source maps to attribute each route's first-load bytes to packages.
  productionBrowserSourceMaps: process.env.ANALYZE_BUNDLE === '1',
  reactStrictMode: true,
  typedRoutes: false,
  experimental: {
    // forbidden() renders app/forbidden.tsx with status 403 from server pages.
    authInterrupts: true,
    optimizePackageImports: ['radix-ui', 'lucide-react', 'date-fns'],
  },
};

export default nextConfig;
