import { UserAvatar } from '@/components/shell/user-avatar';

/** A person column (Created By, Creator): avatar and name; nothing for a row without a named person. */
export function PersonCell({
  person,
}: {
  person: { name?: string | null; avatar?: string | null } | null | undefined;
}) {
  if (!person?.name) return null;
  return (
    <span className="inline-flex items-center gap-2">
      <UserAvatar name={person.name} avatar={person.avatar} className="size-6 text-[10px]" />
      <span className="truncate">{person.name}</span>
    </span>
  );
}
