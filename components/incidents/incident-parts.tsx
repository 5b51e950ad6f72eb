import * as React from 'react';
import { UserAvatar } from '@/components/shell/user-avatar';
import { Badge } from '@/components/ui/badge';
import { normalizeSeverity, severityLabel } from '@/lib/format/severity';
import { capitalize } from '@/lib/incidents/model';
import { cn } from '@/lib/utils';

/** Small read-only parts of the incident screens: severity and status badges, a person or team chip. */

const SEVERITY_CLASS: Record<string, string> = {
  critical: 'border-red-600/50 text-red-800 dark:text-red-300',
  blocker: 'border-red-600/50 text-red-800 dark:text-red-300',
  high: 'border-orange-500/50 text-orange-800 dark:text-orange-300',
  medium: 'border-yellow-500/60 text-yellow-900 dark:text-yellow-200',
};

export function SeverityBadge({ severity }: { severity: unknown }) {
  return (
    <Badge variant="outline" className={cn(SEVERITY_CLASS[normalizeSeverity(severity)])}>
      {severityLabel(severity)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: string | null | undefined }) {
  return <Badge variant="secondary">{capitalize(status ?? 'unknown')}</Badge>;
}

export function PersonChip({
  person,
  className,
}: {
  person: { name?: string | null; avatar?: string | null; icon?: string | null } | null | undefined;
  className?: string;
}) {
  if (!person) return <span className="text-muted-foreground">–</span>;
  const name = person.name ?? 'Unknown';
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-1.5', className)}>
      <UserAvatar name={name} avatar={person.avatar ?? null} className="size-5 text-[10px]" />
      <span className="truncate">{name}</span>
    </span>
  );
}

/** A titled part of the incident page. */
export function Section({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  const id = React.useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-border p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
