/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its wasm from node_modules at run time; bundling it would also publish 15 MB of assets.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  experimental: { optimizePackageImports: ['radix-ui', 'lucide-react', 'date-fns'] },
};

export default nextConfig;
