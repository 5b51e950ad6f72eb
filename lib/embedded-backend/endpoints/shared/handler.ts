import type { AuthedContext } from '../types';
import { AccessDenied } from './authorize';
import { errorToResponse } from './http';

/** Wraps an endpoint body so HttpError, access denials and SQL errors all become the documented responses. */
export function endpoint(
  body: (ctx: AuthedContext) => Promise<Response>,
): (ctx: AuthedContext) => Promise<Response> {
  return async (ctx) => {
    try {
      return await body(ctx);
    } catch (error) {
      if (error instanceof AccessDenied) return error.response;
      return errorToResponse(error);
    }
  };
}
