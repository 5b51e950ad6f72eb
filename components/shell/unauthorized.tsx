import { ShieldX } from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';

/** The Unauthorized state (spec 000 §6): a page or a part of one the person may not see. */
export function Unauthorized({ compact = false }: { compact?: boolean }) {
  return (
    <div
      role="alert"
      className={
        compact
          ? 'flex items-center gap-3 p-4'
          : 'flex flex-1 flex-col items-center justify-center gap-3 p-10 text-center'
      }
    >
      <StaticIcon
        icon={ShieldX}
        className={compact ? 'size-5 text-destructive' : 'size-10 text-destructive'}
      />
      <div>
        <h2 className={compact ? 'font-semibold' : 'text-xl font-semibold'}>Unauthorized</h2>
        <p className="text-sm text-muted-foreground">You do not have permission to access this page</p>
      </div>
    </div>
  );
}
