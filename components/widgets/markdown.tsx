import * as React from 'react';
import { parseMarkdown, type Block, type Inline } from '@/lib/markdown';

/** Renders markdown as React elements (lib/markdown.ts): no HTML from the text ever reaches the page. */

function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return <React.Fragment key={i}>{node.text}</React.Fragment>;
      case 'strong':
        return (
          <strong key={i}>
            <InlineNodes nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={i}>
            <InlineNodes nodes={node.children} />
          </em>
        );
      case 'code':
        return (
          <code key={i} className="rounded bg-muted px-1 font-mono text-[0.9em]">
            {node.text}
          </code>
        );
      case 'link':
        return (
          <a
            key={i}
            href={node.href}
            className="text-primary underline"
            target="_blank"
            rel="noopener noreferrer"
          >
            <InlineNodes nodes={node.children} />
          </a>
        );
    }
  });
}

const HEADING_CLASS = [
  'text-lg font-semibold',
  'text-base font-semibold',
  'text-base font-semibold',
  'text-sm font-semibold',
  'text-sm font-semibold',
  'text-sm font-medium',
];

function Blocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, i) => {
    switch (block.kind) {
      case 'heading':
        return React.createElement(
          `h${block.level}`,
          { key: i, className: HEADING_CLASS[block.level - 1] },
          <InlineNodes nodes={block.children} />,
        );
      case 'paragraph':
        return (
          <p key={i}>
            {block.lines.map((line, j) => (
              <React.Fragment key={j}>
                {j > 0 && <br />}
                <InlineNodes nodes={line} />
              </React.Fragment>
            ))}
          </p>
        );
      case 'quote':
        return (
          <blockquote key={i} className="border-l-4 border-border pl-3 text-muted-foreground">
            <Blocks blocks={block.blocks} />
          </blockquote>
        );
      case 'list': {
        const Tag = block.ordered ? 'ol' : 'ul';
        return (
          <Tag key={i} className={block.ordered ? 'list-decimal pl-6' : 'list-disc pl-6'}>
            {block.items.map((item, j) => (
              <li key={j}>
                <InlineNodes nodes={item} />
              </li>
            ))}
          </Tag>
        );
      }
      case 'code':
        return (
          <pre key={i} className="overflow-x-auto rounded bg-muted p-2 font-mono text-xs">
            {block.text}
          </pre>
        );
      case 'rule':
        return <hr key={i} className="border-border" />;
    }
  });
}

export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = React.useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={className ?? 'space-y-2 text-sm break-words'}>
      <Blocks blocks={blocks} />
    </div>
  );
}
