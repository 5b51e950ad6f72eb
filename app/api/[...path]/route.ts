import { proxyRoute } from '@/lib/backend/proxy-route';

export const dynamic = 'force-dynamic';

export {
  proxyRoute as GET,
  proxyRoute as POST,
  proxyRoute as PUT,
  proxyRoute as PATCH,
  proxyRoute as DELETE,
  proxyRoute as HEAD,
  proxyRoute as OPTIONS,
};
