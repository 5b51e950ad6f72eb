'use client';

import * as React from 'react';
import { cn } from '@/lib/utils';

export interface SwitchProps extends Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'type' | 'role' | 'checked' | 'defaultChecked' | 'onChange'
> {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

/**
 * An on/off switch drawn over a native checkbox with role="switch": the browser gives it focus, Space to toggle,
 * label clicks and form submission, so no script library is needed (it sits on the health screen's first load).
 */
export function Switch({ className, checked, onCheckedChange, disabled, ...props }: SwitchProps) {
  return (
    <span data-slot="switch" className={cn('relative inline-flex h-5 w-9 shrink-0', className)}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        className="peer h-5 w-9 cursor-pointer appearance-none rounded-full bg-muted-foreground/30 shadow-xs outline-none transition-colors checked:bg-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      />
      <span
        data-slot="switch-thumb"
        aria-hidden
        className="pointer-events-none absolute left-0.5 top-0.5 block size-4 rounded-full bg-background transition-transform peer-checked:translate-x-4"
      />
    </span>
  );
}
