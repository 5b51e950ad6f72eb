import { apiRoute } from '@/lib/backend/api-route';
import { handlers } from '@/lib/auth/next-auth';

/** next-auth's endpoints, with the checks and headers of every /api route (next-auth adds its own CSRF token). */
export const GET = apiRoute((request: Request) => handlers.GET(request as Parameters<typeof handlers.GET>[0]));
export const POST = apiRoute((request: Request) => handlers.POST(request as Parameters<typeof handlers.POST>[0]));
