import { configLines } from '@/lib/catalog/config-lines';

/** A JSON value as read-only YAML text (change details and patches, insight bodies). */
export function CodeBlock({ value, label }: { value: unknown; label: string }) {
  const text =
    typeof value === 'string'
      ? value
      : configLines(value ?? {}, 'yaml')
          .map((l) => l.text)
          .join('\n');
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-[40vh] overflow-auto rounded-md border border-border bg-muted/30 p-2 text-xs leading-5 whitespace-pre"
    >
      {text}
    </pre>
  );
}
