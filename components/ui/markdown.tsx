import * as React from 'react';
import { parseMarkdown, type Inline } from '@/lib/format/markdown';

function renderInline(nodes: Inline[]): React.ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.kind) {
      case 'text':
        return <React.Fragment key={i}>{n.text}</React.Fragment>;
      case 'code':
        return (
          <code key={i} className="rounded bg-muted px-1 font-mono text-[0.85em]">
            {n.text}
          </code>
        );
      case 'strong':
        return <strong key={i}>{renderInline(n.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(n.children)}</em>;
      case 'link':
        return (
          <a
            key={i}
            href={n.href}
            className="text-primary underline"
            rel="noopener noreferrer"
            target={n.href.startsWith('/') ? undefined : '_blank'}
          >
            {renderInline(n.children)}
          </a>
        );
      case 'break':
        return <br key={i} />;
    }
  });
}

/** A markdown body rendered as React elements (lib/format/markdown.ts: no raw HTML ever reaches the page). */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = React.useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={className}>
      {blocks.map((b, i) =>
        b.kind === 'paragraph' ? (
          <p key={i} className="my-1">
            {renderInline(b.children)}
          </p>
        ) : b.kind === 'list' ? (
          <ul key={i} className="my-1 list-disc pl-5">
            {b.items.map((item, j) => (
              <li key={j}>{renderInline(item)}</li>
            ))}
          </ul>
        ) : (
          <pre key={i} className="my-1 overflow-x-auto rounded bg-muted p-2 font-mono text-xs">
            {b.text}
          </pre>
        ),
      )}
    </div>
  );
}
