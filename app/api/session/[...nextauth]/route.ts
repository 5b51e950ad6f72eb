import { apiJsonError, apiRoute } from '@/lib/backend/api-route';
import { authModeIsNextAuth, handlers } from '@/lib/auth/next-auth';

/**
 * next-auth's endpoints, with the checks and headers of every /api route (next-auth adds its own CSRF token). They
 * exist only in the modes that sign in through next-auth (basic, kratos): in standalone and Clerk mode the
 * credentials callback would still check passwords and mint a session nobody should have (issue 31 item 15).
 */
const notHere = () => apiJsonError(404, 'Not found');

export const GET = apiRoute((request: Request) =>
  authModeIsNextAuth() ? handlers.GET(request as Parameters<typeof handlers.GET>[0]) : notHere(),
);
export const POST = apiRoute((request: Request) =>
  authModeIsNextAuth() ? handlers.POST(request as Parameters<typeof handlers.POST>[0]) : notHere(),
);
