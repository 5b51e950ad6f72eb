import * as React from 'react';
import type { IconNode } from 'lucide';
import { cn } from '@/lib/utils';

/**
 * One of lucide's icons (the framework-free `lucide` package's data) as plain SVG. lucide-react's components are
 * client components, so even an icon rendered on the server ships their code; this renders the same drawing with
 * none, which matters for the icons of the shell and of the pages every route can show (Unauthorized, empty).
 */
export function StaticIcon({ icon, className }: { icon: IconNode; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('lucide', className)}
      aria-hidden
    >
      {icon.map(([tag, attrs], i) => React.createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
