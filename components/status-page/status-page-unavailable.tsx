import { EmptyState } from '@/components/shell/empty-state';

/** What Settings → Status Page says on a backend without status pages (its probe answered 404): no error page. */
export function StatusPageUnavailable() {
  return (
    <EmptyState title="Status pages are not available">
      <p className="text-sm text-muted-foreground">
        This backend does not publish status pages. They need a backend with the status-page capability, such
        as the console&apos;s embedded backend.
      </p>
    </EmptyState>
  );
}
