import * as React from 'react';
import { CopyButton } from '@/components/widgets/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/**
 * One action's result, by its shape (the real backend stores each kind's own object): stdout/stderr and pod logs in
 * a scrollable monospace view with copy, SQL rows as a table, an HTTP response with its status and headers, links
 * for GitOps, GitHub and Azure DevOps, notification receipts, AI markdown as text; anything else as JSON.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v, null, 2);

export function LogView({ label, value, tone }: { label: string; value: string; tone?: 'error' }) {
  return (
    <section className="min-w-0" aria-label={label}>
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-medium text-muted-foreground">{label}</h4>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} className="size-7" />
      </div>
      <pre
        tabIndex={0}
        className={`max-h-96 overflow-auto rounded-md border border-border bg-muted/50 p-3 font-mono text-xs whitespace-pre ${tone === 'error' ? 'text-red-700 dark:text-red-300' : ''}`}
      >
        {value}
      </pre>
    </section>
  );
}

function ExternalLink({ href, children }: { href: unknown; children: React.ReactNode }) {
  const url = typeof href === 'string' && /^https?:\/\//.test(href) ? href : null;
  if (!url) return <>{children}</>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      className="text-primary underline-offset-2 hover:underline"
    >
      {children}
    </a>
  );
}

function SqlRows({ result }: { result: Json }) {
  const rows = Array.isArray(result.rows) ? (result.rows as unknown[]) : [];
  const columns = Array.isArray(result.columns)
    ? (result.columns as unknown[]).map(String)
    : [...new Set(rows.flatMap((r) => (isObject(r) ? Object.keys(r) : [])))];
  return (
    <div className="min-w-0 space-y-1">
      <p className="text-xs text-muted-foreground">{`${typeof result.count === 'number' ? result.count : rows.length} rows`}</p>
      <div className="max-h-96 overflow-auto rounded-md border border-border">
        <Table aria-label="Query result">
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHead key={c}>{c}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={i}>
                {columns.map((c) => (
                  <TableCell key={c} className="font-mono text-xs">
                    {text(isObject(row) ? row[c] : Array.isArray(row) ? row[columns.indexOf(c)] : '')}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

function HttpResponse({ result }: { result: Json }) {
  const headers = isObject(result.headers) ? Object.entries(result.headers) : [];
  let content = text(result.content);
  try {
    content = JSON.stringify(JSON.parse(content), null, 2);
  } catch {
    // Not JSON: shown as sent.
  }
  return (
    <div className="space-y-2">
      <p className="text-sm">
        HTTP status <span className="font-mono font-medium">{text(result.code)}</span>
      </p>
      {headers.length > 0 && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 text-xs">
          {headers.map(([k, v]) => (
            <React.Fragment key={k}>
              <dt className="font-mono text-muted-foreground">{k}</dt>
              <dd className="font-mono break-all">{text(v)}</dd>
            </React.Fragment>
          ))}
        </dl>
      )}
      {content && <LogView label="Response body" value={content} />}
    </div>
  );
}

function Fields({ entries }: { entries: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
      {entries.map(([k, v]) => (
        <React.Fragment key={k}>
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="min-w-0 break-words">{v}</dd>
        </React.Fragment>
      ))}
    </dl>
  );
}

export function ActionResult({ result }: { result: unknown }) {
  if (result === undefined || result === null)
    return <p className="text-sm text-muted-foreground">No result yet.</p>;
  if (!isObject(result)) return <LogView label="Result" value={text(result)} />;
  const parts: React.ReactNode[] = [];
  if ('stdout' in result || 'stderr' in result) {
    if (text(result.stdout)) parts.push(<LogView key="stdout" label="stdout" value={text(result.stdout)} />);
    if (text(result.stderr))
      parts.push(<LogView key="stderr" label="stderr" value={text(result.stderr)} tone="error" />);
    if (result.exitCode !== undefined)
      parts.push(
        <p key="exit" className="text-xs text-muted-foreground">{`Exit code ${text(result.exitCode)}`}</p>,
      );
  } else if ('logs' in result) {
    parts.push(<LogView key="logs" label="Logs" value={text(result.logs)} />);
  } else if ('rows' in result) {
    parts.push(<SqlRows key="sql" result={result} />);
  } else if ('code' in result && ('content' in result || 'headers' in result)) {
    parts.push(<HttpResponse key="http" result={result} />);
  } else if ('branch' in result || 'pr' in result) {
    const pr = isObject(result.pr) ? result.pr : {};
    parts.push(
      <Fields
        key="gitops"
        entries={[
          ['Branch', text(result.branch)],
          [
            'Commit',
            <span key="c" className="font-mono">
              {text(result.commit)}
            </span>,
          ],
          [
            'Pull request',
            <ExternalLink key="pr" href={pr.url}>
              {text(pr.title || pr.number)}
            </ExternalLink>,
          ],
        ]}
      />,
    );
  } else if (Array.isArray(result.workflows)) {
    parts.push(
      <Fields
        key="gh"
        entries={(result.workflows as unknown[])
          .filter(isObject)
          .map((w) => [
            text(w.id),
            <ExternalLink
              key="w"
              href={w.url}
            >{`${text(w.ref)} · run ${text(w.run_id)} · ${text(w.status)}`}</ExternalLink>,
          ])}
      />,
    );
  } else if ('pipeline' in result && 'run' in result) {
    const pipeline = isObject(result.pipeline) ? result.pipeline : {};
    const run = isObject(result.run) ? result.run : {};
    parts.push(
      <Fields
        key="ado"
        entries={[
          ['Pipeline', text(pipeline.name || pipeline.id)],
          [
            'Run',
            <ExternalLink
              key="r"
              href={run.url}
            >{`${text(run.id)} · ${text(run.state)}${run.result ? ` · ${text(run.result)}` : ''}`}</ExternalLink>,
          ],
        ]}
      />,
    );
  } else if ('markdown' in result) {
    parts.push(<LogView key="md" label="Answer" value={text(result.markdown)} />);
  } else if ('message' in result && 'recipients' in result) {
    parts.push(
      <Fields
        key="n"
        entries={[
          ['Message', text(result.message)],
          [
            'Recipients',
            Array.isArray(result.recipients)
              ? result.recipients.map(String).join(', ')
              : text(result.recipients),
          ],
        ]}
      />,
    );
  }
  if (typeof result.error === 'string' && result.error)
    parts.push(<LogView key="error" label="Error" value={result.error} tone="error" />);
  if (parts.length === 0) parts.push(<LogView key="json" label="Result" value={text(result)} />);
  return <div className="space-y-3">{parts}</div>;
}
