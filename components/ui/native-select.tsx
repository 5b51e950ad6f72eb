'use client';

import * as React from 'react';
import { cn } from '@/lib/utils';

/** A styled native <select>: lightweight, fully accessible, and easy to test. */
export function NativeSelect({ className, ref, ...props }: React.ComponentProps<'select'>) {
  const own = React.useRef<HTMLSelectElement | null>(null);
  const { value, multiple } = props;
  // A choice made before hydration is in the field but not in the props, and the next render would put the props'
  // option back (issue 34): hand it to onChange as the change it was. Only when the props' option exists, so options
  // still loading never count as a choice.
  React.useLayoutEffect(() => {
    const select = own.current;
    if (!select || value === undefined || multiple) return;
    const wanted = String(value);
    if (select.value !== wanted && Array.from(select.options).some((o) => o.value === wanted))
      select.dispatchEvent(new Event('change', { bubbles: true }));
    // Once, at hydration: later choices go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <select
      data-slot="native-select"
      ref={(node) => {
        own.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      className={cn(
        'h-9 rounded-md border border-border bg-background px-2 text-sm text-foreground shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
