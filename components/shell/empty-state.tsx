import { Inbox } from 'lucide-react';

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 p-10 text-center text-muted-foreground">
      <Inbox className="size-8" aria-hidden />
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}
