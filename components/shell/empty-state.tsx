import { Inbox } from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 p-10 text-center text-muted-foreground">
      <StaticIcon icon={Inbox} className="size-8" />
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}
