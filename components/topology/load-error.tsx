import { ErrorPanel } from '@/components/shell/error-panel';
import { Unauthorized } from '@/components/shell/unauthorized';
import { BackendError } from '@/lib/backend/errors';

export function isForbidden(error: unknown): boolean {
  return error instanceof BackendError && error.status === 403;
}

/** A failed read of one part of a page: the Unauthorized state for a 403, the backend's message otherwise. */
export function LoadError({ error, title, compact = false }: { error: unknown; title?: string; compact?: boolean }) {
  if (isForbidden(error)) return <Unauthorized compact={compact} />;
  return <ErrorPanel error={error instanceof Error ? error.message : error} title={title} hideDetails />;
}
