/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its wasm from node_modules at run time; bundling it would also publish 15 MB of assets.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
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
