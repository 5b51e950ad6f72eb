'use client';

import { SpecTypeIcon } from '@/components/resources/spec-type-icon';
import type { SpecTypeDef } from '@/lib/resources/spec-types';

/** The spec-type grid of the resource editor (spec 001 §2.7: 5 per row on wide screens). */
export function SpecTypePicker({
  types,
  label,
  onPick,
}: {
  types: readonly SpecTypeDef[];
  label: string;
  onPick: (def: SpecTypeDef) => void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" aria-label={label}>
      {types.map((def) => (
        <li key={def.name}>
          <button
            type="button"
            onClick={() => onPick(def)}
            className="flex h-full w-full flex-col items-center gap-2 rounded-md border border-border p-3 text-center text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <SpecTypeIcon icon={def.icon} className="size-6" />
            <span>{def.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
