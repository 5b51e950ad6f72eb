'use client';

import { usePreferences } from '@/components/providers/preferences-provider';
import { UserAvatar } from '@/components/shell/user-avatar';
import { Age } from '@/components/ui/age';

/** A person column (Created By): avatar and name. */
export function PersonCell({ person }: { person: { name?: string | null; avatar?: string | null } | null | undefined }) {
  if (!person?.name) return null;
  return (
    <span className="inline-flex items-center gap-2">
      <UserAvatar name={person.name} avatar={person.avatar} className="size-6 text-[10px]" />
      <span className="truncate">{person.name}</span>
    </span>
  );
}

/** A time column in the chosen date format and timezone ('3h ago' under a week). */
export function TimeCell({ value }: { value: string | null | undefined }) {
  const { preferences } = usePreferences();
  return <Age from={value} format={preferences.datetimeFormat} timezone={preferences.timezone} />;
}
