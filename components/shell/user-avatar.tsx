'use client';

import * as React from 'react';
import { cn } from '@/lib/utils';

/** Two letters for the avatar: first letters of the first two words, or the first two letters of one word. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.slice(0, 2)).toUpperCase();
}

/**
 * The address of an avatar the console may show: a path on its own origin or an inline image. A picture on another
 * host is not loaded (issue 37): it breaks offline, and every page that shows it tells that host who uses the
 * console and when. Such people get their initials, and the CSP needs no https: image source.
 */
export function localAvatarSource(avatar: string | null | undefined): string | null {
  const url = avatar?.trim();
  // A path on this origin (not '//host' or '/\\host', which browsers read as another host), or an inline image.
  return url && (/^\/(?![/\\])/.test(url) || url.startsWith('data:image/')) ? url : null;
}

/**
 * A person's avatar (spec 000 §3 User): the picture when they have one the console serves itself (see
 * localAvatarSource), their initials otherwise or when it does not load. Decorative: the button or text beside it
 * names the person.
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
  const local = localAvatarSource(avatar);
  const picture = local && failed !== local ? local : null;
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
