'use client';

import * as React from 'react';
import { cn } from '@/lib/utils';

/** Two letters for the avatar: first letters of the first two words, or the first two letters of one word. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.slice(0, 2)).toUpperCase();
}

/**
 * A person's avatar (spec 000 §3 User): the picture when they have one, their initials when they have none or it
 * does not load. Decorative: the button or text beside it names the person.
 */
export function UserAvatar({
  name,
  avatar,
  className,
}: {
  name: string;
  avatar?: string | null;
  className?: string;
}) {
  const [failed, setFailed] = React.useState<string | null>(null);
  const picture = avatar && failed !== avatar ? avatar : null;
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-xs font-semibold text-primary-foreground',
        className,
      )}
    >
      {picture ? (
        <img
          src={picture}
          alt=""
          width={32}
          height={32}
          className="size-full object-cover"
          onError={() => setFailed(picture)}
        />
      ) : (
        initials(name)
      )}
    </span>
  );
}
