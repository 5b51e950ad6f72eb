'use client';

import * as React from 'react';
import { parseUnifiedDiff, splitRows, type DiffLine } from '@/lib/catalog/diff';
import { cn } from '@/lib/utils';

const LINE_CLASS: Record<DiffLine['kind'], string> = {
  add: 'bg-green-50 text-green-900 dark:bg-green-950/50 dark:text-green-200',
  remove: 'bg-red-50 text-red-900 dark:bg-red-950/50 dark:text-red-200',
  context: '',
};
const SIGN: Record<DiffLine['kind'], string> = { add: '+', remove: '-', context: ' ' };
const KIND_LABEL: Record<DiffLine['kind'], string> = {
  add: 'added',
  remove: 'removed',
  context: 'unchanged',
};

function Num({ n }: { n: number | null }) {
  return (
    <td className="w-10 border-r border-border px-2 text-right text-muted-foreground select-none">
      {n ?? ''}
    </td>
  );
}

function Text({ line }: { line: DiffLine | null }) {
  if (!line) return <td className="bg-muted/40" />;
  return (
    <td
      className={cn('px-2 whitespace-pre', LINE_CLASS[line.kind])}
      data-kind={line.kind}
      aria-label={`${KIND_LABEL[line.kind]}: ${line.text}`}
    >
      <span aria-hidden className="mr-2 select-none">
        {SIGN[line.kind]}
      </span>
      {line.text}
    </td>
  );
}

/** A unified diff rendered as a diff: added and removed lines coloured, line numbers, unified or side by side. */
export function DiffView({ diff }: { diff: string }) {
  const parsed = React.useMemo(() => parseUnifiedDiff(diff), [diff]);
  const [mode, setMode] = React.useState<'unified' | 'split'>('unified');
  if (parsed.hunks.length === 0)
    return <pre className="overflow-auto rounded-md border border-border p-2 text-xs">{diff}</pre>;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">
          {parsed.newPath ?? parsed.oldPath ?? 'Diff'}:{' '}
          <span className="text-green-700 dark:text-green-400">+{parsed.added}</span>{' '}
          <span className="text-red-700 dark:text-red-400">-{parsed.removed}</span>
        </span>
        <div role="group" aria-label="Diff layout" className="flex gap-1">
          {(['unified', 'split'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={cn(
                'rounded-md border border-border px-2 py-0.5',
                mode === m ? 'bg-muted font-medium' : 'text-muted-foreground',
              )}
            >
              {m === 'unified' ? 'Unified' : 'Side by side'}
            </button>
          ))}
        </div>
      </div>
      <div className="max-h-[50vh] overflow-auto rounded-md border border-border">
        <table
          className="w-full border-collapse font-mono text-xs leading-5"
          aria-label={mode === 'unified' ? 'Unified diff' : 'Side-by-side diff'}
        >
          {parsed.hunks.map((hunk, h) => (
            <tbody key={h}>
              <tr>
                <td colSpan={mode === 'unified' ? 3 : 4} className="bg-muted px-2 text-muted-foreground">
                  {hunk.header}
                </td>
              </tr>
              {mode === 'unified'
                ? hunk.lines.map((line, i) => (
                    <tr key={i}>
                      <Num n={line.oldLine} />
                      <Num n={line.newLine} />
                      <Text line={line} />
                    </tr>
                  ))
                : splitRows(hunk.lines).map((row, i) => (
                    <tr key={i}>
                      <Num n={row.left?.oldLine ?? null} />
                      <Text line={row.left} />
                      <Num n={row.right?.newLine ?? null} />
                      <Text line={row.right} />
                    </tr>
                  ))}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  );
}
