import { DashboardLink } from '@/components/shell/dashboard-link';

export const metadata = { title: 'Not found' };

export default function NotFound() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-10 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-sm text-muted-foreground">
        The page you asked for does not exist or is not enabled.
      </p>
      <DashboardLink />
    </div>
  );
}
