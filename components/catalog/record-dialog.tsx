'use client';

import Link from 'next/link';
import type { UseQueryResult } from '@tanstack/react-query';
import { ConfigName } from '@/components/catalog/config-name';
import { CodeBlock } from '@/components/catalog/code-block';
import { QueryState } from '@/components/list/query-state';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { ConfigRef } from '@/lib/backend/refs';
import { catalogItemHref } from '@/lib/catalog/href';

/**
 * A catalog record opened from a list (a change, an insight): its title, its config as a link, its fields, its
 * body sections and its actions, loaded when opened. One dialog for both so they stay alike.
 */
export function RecordDialog<T extends { config?: ConfigRef | null }>({
  query,
  title,
  description,
  className,
  labelWidth,
  empty,
  errorTitle,
  fields,
  body,
  actions,
  onClose,
}: {
  query: UseQueryResult<T | null | undefined>;
  title: string;
  description: string;
  className: string;
  /** The width of the field names' column (a Tailwind grid template class). */
  labelWidth: string;
  empty: string;
  errorTitle: string;
  fields: (record: T) => React.ReactNode;
  body: (record: T) => React.ReactNode;
  actions?: (record: T) => React.ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={className} showSizeToggle>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex min-w-0 flex-col gap-4 overflow-auto">
          <QueryState query={query} empty={empty} errorTitle={errorTitle}>
            {(record) => (
              <>
                <dl className={`grid ${labelWidth} gap-x-3 gap-y-1 text-sm`}>
                  {record.config && (
                    <RecordField label="Config">
                      <Link href={catalogItemHref(record.config.id)} className="hover:underline">
                        <ConfigName name={record.config.name} type={record.config.type} />
                      </Link>
                    </RecordField>
                  )}
                  {fields(record)}
                </dl>
                {body(record)}
              </>
            )}
          </QueryState>
        </DialogBody>
        {actions && query.data && <DialogFooter>{actions(query.data)}</DialogFooter>}
      </DialogContent>
    </Dialog>
  );
}

/** One name and value of a record's field list. */
export function RecordField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A titled body section shown as code (change details and patches, an insight's analysis). */
export function CodeSection({ title, value }: { title: string; value: unknown }) {
  return (
    <section>
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      <CodeBlock value={value} label={title} />
    </section>
  );
}
