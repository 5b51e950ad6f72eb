'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { configBySourceQuery } from '@/lib/catalog';
import { topologyQueries } from '@/lib/topology';
import { linkedTargetHref, type LinkedSource } from '@/lib/resources/linked-source';

const LINK = 'font-medium underline underline-offset-2';

/**
 * 'a topology component' / 'a catalog item', linked by the real id found by the source id (001 §7); plain text while
 * it loads, when nothing has that source, or when the lookup fails, so the note never opens a missing page.
 */
function LinkedTarget({ kind, sourceId }: { kind: 'component' | 'catalog'; sourceId: string }) {
  // One lookup runs, the other stays disabled: two typed hooks rather than one query over a union of keys.
  const component = useQuery({
    ...topologyQueries.bySource(sourceId),
    enabled: kind === 'component' && sourceId !== '',
  });
  const config = useQuery({
    ...configBySourceQuery(sourceId),
    enabled: kind === 'catalog' && sourceId !== '',
  });
  const label = kind === 'component' ? 'topology component' : 'catalog item';
  const target = kind === 'component' ? component.data : config.data;
  if (!target) return <>{label}</>;
  return (
    <Link className={LINK} href={linkedTargetHref(kind, target.id)} title={target.name ?? undefined}>
      {label}
    </Link>
  );
}

/** The read-only 'Linked to …' note of a resource another system owns (spec 001 §2.7, §4). */
export function LinkedNote({ linked }: { linked: LinkedSource }) {
  let body: React.ReactNode;
  switch (linked.kind) {
    case 'agent':
      body = (
        <>
          Linked to agent{' '}
          <Link className={LINK} href={linked.href}>
            {linked.name}
          </Link>
        </>
      );
      break;
    case 'component':
    case 'catalog':
      body = (
        <>
          Linked to a <LinkedTarget kind={linked.kind} sourceId={linked.sourceId} />
        </>
      );
      break;
    case 'file':
      body = <>Linked to local file</>;
      break;
    default:
      body = <>Linked to a Kubernetes CRD (source {linked.source}): change it there</>;
  }
  return (
    <p
      role="note"
      className="rounded-md border border-border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
    >
      {body}. This resource is read-only here.
    </p>
  );
}
