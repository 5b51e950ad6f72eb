import Link from 'next/link';
import { CopyButton } from '@/components/widgets/copy-button';
import {
  configLines,
  isSelectedLine,
  normalizeConfigPath,
  type ConfigFormat,
} from '@/lib/catalog/config-lines';
import { configViewSearch } from '@/lib/catalog/view-search';
import { cn } from '@/lib/utils';

/**
 * The config body as a read-only code view, rendered on the server: JSON or YAML (a link toggles, `?format=`),
 * line numbers, the `?selected=` path highlighted, a copy button.
 */
export function ConfigBody({
  config,
  format,
  selected,
}: {
  config: unknown;
  format: ConfigFormat;
  selected: string;
}) {
  const lines = configLines(config ?? {}, format);
  const path = normalizeConfigPath(selected);
  const text = lines.map((l) => l.text).join('\n');
  const firstSelected = path ? lines.findIndex((l) => isSelectedLine(l.path, path)) : -1;
  return (
    <section aria-label="Config" className="flex min-w-0 flex-col rounded-md border border-border">
      <div className="flex items-center justify-between gap-2 border-b border-border px-2 py-1">
        <div role="group" aria-label="Format" className="flex gap-1">
          {(['yaml', 'json'] as const).map((f) => (
            <Link
              key={f}
              href={configViewSearch.search({ format: f, selected }) || '?'}
              replace
              scroll={false}
              aria-current={f === format ? 'true' : undefined}
              className={cn(
                'rounded-md px-2 py-0.5 text-sm',
                f === format ? 'bg-muted font-medium' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {f.toUpperCase()}
            </Link>
          ))}
        </div>
        <CopyButton value={text} label={`Copy the config as ${format.toUpperCase()}`} />
      </div>
      <pre
        className="max-h-[70vh] overflow-auto py-2 text-xs leading-5"
        tabIndex={0}
        aria-label={`Config as ${format.toUpperCase()}`}
      >
        <code>
          {lines.map((line, i) => {
            const hit = path !== '' && isSelectedLine(line.path, path);
            return (
              <span
                key={i}
                id={i === firstSelected ? 'selected' : undefined}
                data-selected={hit || undefined}
                className={cn('flex', hit && 'bg-yellow-100 dark:bg-yellow-900/40')}
              >
                <span aria-hidden className="w-12 shrink-0 pr-3 text-right text-muted-foreground select-none">
                  {i + 1}
                </span>
                <span className="pr-4 whitespace-pre">{line.text}</span>
              </span>
            );
          })}
        </code>
      </pre>
    </section>
  );
}
