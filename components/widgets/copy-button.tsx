'use client';

import * as React from 'react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button, type ButtonProps } from '../ui/button';
import { toastError, toastSuccess } from './toast';
import { copyToClipboard } from '@/lib/clipboard';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'value'> {
  /** Text to copy (or a function producing it at click time). */
  value: string | (() => string);
  /** Success toast text (default 'Copied to clipboard'). */
  successMessage?: string;
  /** Accessible label (default 'Copy to clipboard'). */
  label?: string;
  onCopied?: (ok: boolean) => void;
}

/** Copies text and toasts 'Copied to clipboard', 'Clipboard not available' or 'Failed to copy to clipboard'. */
export function CopyButton({
  value,
  successMessage,
  label = 'Copy to clipboard',
  onCopied,
  variant = 'ghost',
  size = 'icon',
  className,
  children,
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Button
      variant={variant}
      size={size}
      aria-label={children ? undefined : label}
      title={label}
      className={className}
      onClick={async (e) => {
        e.stopPropagation();
        const result = await copyToClipboard(typeof value === 'function' ? value() : value, successMessage);
        if (result.ok) toastSuccess(result.message);
        else toastError(result.message);
        setCopied(result.ok);
        onCopied?.(result.ok);
      }}
      {...props}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      {children}
    </Button>
  );
}
