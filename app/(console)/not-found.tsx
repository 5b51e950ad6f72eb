import { DashboardLink } from '@/components/shell/dashboard-link';
import { SearchX } from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';

export const metadata = { title: 'Not found' };

/** The console's 404: inside the shell (sidebar and header stay), so the way on is one click away. */
export default function ConsoleNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-10 text-center">
      <StaticIcon icon={SearchX} className="size-10 text-muted-foreground" />
      <h2 className="text-xl font-semibold">Page not found</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        There is no page at this address, or it is not enabled for you. Check the address, or choose a page
        from the menu.
      </p>
      <DashboardLink />
    </div>
  );
}
