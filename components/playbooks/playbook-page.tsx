import { ActionTypeList } from '@/components/playbooks/action-type-list';
import { PlaybookIcon } from '@/components/playbooks/playbook-icon';
import { PlaybookRunsList } from '@/components/playbooks/playbook-runs-list';
import { RunPlaybookButton } from '@/components/playbooks/run-playbook-button';
import { SpecSection } from '@/components/playbooks/spec-section';
import { ServerState } from '@/components/list/server-state';
import { Age } from '@/components/widgets/age';
import { BreadcrumbTrail } from '@/components/widgets/breadcrumb-trail';
import { playbookActionTypes } from '@/lib/playbooks/action-types';
import type { Playbook } from '@/lib/playbooks/endpoints';
import { parameterSummaries } from '@/lib/playbooks/parameter-summary';
import type { Loaded } from '@/lib/queries/loaded';

export interface PlaybookPageProps {
  playbookId: string;
  /** The playbook as the server read it (null: none with that id). */
  playbook: Loaded<Playbook | null>;
  /** The runs table's page size as the server rendered it. */
  serverPageSize: number;
}

/** The playbook's parameters as the run dialog will ask for them. */
function ParametersTable({ spec }: { spec: Record<string, unknown> | null | undefined }) {
  const rows = parameterSummaries(spec);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No parameters.</p>;
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table aria-label="Parameters" className="w-full text-sm">
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th className="px-3 py-2 font-medium">Name</th>
            <th className="px-3 py-2 font-medium">Type</th>
            <th className="px-3 py-2 font-medium">Required</th>
            <th className="px-3 py-2 font-medium">Default</th>
            <th className="px-3 py-2 font-medium">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.name} className="border-t border-border align-top">
              <td className="px-3 py-2">
                <span className="font-medium">{p.label}</span>
                {p.label !== p.name && <span className="block text-xs text-muted-foreground">{p.name}</span>}
              </td>
              <td className="px-3 py-2">{p.type}</td>
              <td className="px-3 py-2">{p.required ? 'Yes' : 'No'}</td>
              <td className="px-3 py-2 font-mono text-xs break-all">{p.defaultText || '—'}</td>
              <td className="px-3 py-2 text-muted-foreground">{p.description || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /playbooks/{id} (spec 001 §2.2: a job of type playbook links here): the playbook with its parameters, its spec
 * (read-only), Run for who may run playbooks, and its runs (the one runs list, fixed to this playbook). Rendered on
 * the server: what describes the playbook (header, parameters, icon, breadcrumb) is no code in the page's first
 * load; Run, the spec viewer and the runs list are the client parts.
 */
export function PlaybookPage({ playbookId, playbook, serverPageSize }: PlaybookPageProps) {
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4">
      <ServerState
        result={playbook}
        empty="This playbook was not found"
        errorTitle="The playbook could not be loaded"
      >
        {(p) => {
          const title = p.title || p.name;
          return (
            <>
              <BreadcrumbTrail steps={[{ href: '/playbooks', label: 'Playbooks' }]} current={title} />
              <header className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 space-y-1">
                  <h2 className="flex items-center gap-2 text-lg font-semibold">
                    <PlaybookIcon icon={p.icon} className="size-5" />
                    {title}
                  </h2>
                  <p className="text-xs text-muted-foreground">
                    {[p.namespace ? `${p.namespace}/${p.name}` : p.name, p.category, p.source]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  {p.description && <p className="text-sm text-muted-foreground">{p.description}</p>}
                  {(p.created_by?.name || p.created_at) && (
                    <p className="text-xs text-muted-foreground">
                      Created
                      {p.created_by?.name ? ` by ${p.created_by.name}` : ''}
                      {p.created_at ? (
                        <>
                          {' '}
                          <Age from={p.created_at} />
                        </>
                      ) : null}
                    </p>
                  )}
                  <ActionTypeList kinds={playbookActionTypes(p.spec)} />
                </div>
                <RunPlaybookButton playbookId={p.id} variant="default">
                  Run
                </RunPlaybookButton>
              </header>
              <section aria-labelledby="playbook-parameters" className="space-y-2">
                <h3 id="playbook-parameters" className="text-sm font-semibold">
                  Parameters
                </h3>
                <ParametersTable spec={p.spec} />
              </section>
              <SpecSection spec={p.spec ?? {}} />
              <section aria-labelledby="playbook-runs" className="-mx-4 space-y-0">
                <h3 id="playbook-runs" className="px-4 text-sm font-semibold">
                  Runs
                </h3>
                <PlaybookRunsList serverPageSize={serverPageSize} playbookId={playbookId} />
              </section>
            </>
          );
        }}
      </ServerState>
    </div>
  );
}
