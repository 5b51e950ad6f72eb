import Link from 'next/link';
import type { LinkedSource } from '@/lib/resources/linked-source';

/** The read-only 'Linked to …' note of a resource another system owns (spec 001 §2.7, §4). */
export function LinkedNote({ linked }: { linked: LinkedSource }) {
  const link = 'font-medium underline underline-offset-2';
  let body: React.ReactNode;
  switch (linked.kind) {
    case 'agent':
      body = (
        <>
          Linked to agent{' '}
          <Link className={link} href={linked.href}>
            {linked.name}
          </Link>
        </>
      );
      break;
    case 'component':
      body = (
        <>
          Linked to a{' '}
          <Link className={link} href={linked.href}>
            topology component
          </Link>
        </>
      );
      break;
    case 'catalog':
      body = (
        <>
          Linked to a{' '}
          <Link className={link} href={linked.href}>
            catalog item
          </Link>
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
