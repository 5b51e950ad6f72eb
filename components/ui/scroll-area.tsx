import * as React from 'react';
import { cn } from '@/lib/utils';

/** Simple native-overflow scroll container (no Radix ScrollArea, to keep bundles small). */
export function ScrollArea({ className, children, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="scroll-area" className={cn('relative overflow-auto', className)} {...props}>
      {children}
    </div>
  );
}
