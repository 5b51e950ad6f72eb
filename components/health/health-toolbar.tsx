'use client';

import { LayoutGrid, Rows3, Type, type IconNode } from 'lucide';
import { ListToolbar } from '@/components/list/list-toolbar';
import { SearchBox } from '@/components/list/search-box';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { NativeSelectField } from '@/components/forms/native-select-field';
import { StaticIcon } from '@/components/ui/static-icon';
import { BUILTIN_GROUP_BY, NO_PIVOT, type HealthLayout, type HealthParams } from '@/lib/health/search';
import type { SetUrlStateOptions } from '@/lib/search-params/use-url-state';
import { cn } from '@/lib/utils';

const GROUP_BY_LABELS: Record<(typeof BUILTIN_GROUP_BY)[number], string> = {
  'no-group': 'No Grouping',
  canary_name: 'Canary',
  name: 'Name',
  description: 'Description',
  type: 'Type',
};

const LAYOUT_CHOICES: readonly { layout: HealthLayout; label: string; icon: IconNode }[] = [
  { layout: 'table', label: 'Table layout', icon: Rows3 },
  { layout: 'card', label: 'Card layout', icon: LayoutGrid },
];

/** Options of a key select: the builtins, then `Label: key` per label key; a URL value not among them stays. */
function keyOptions(
  builtins: readonly { value: string; label: string }[],
  labelKeys: readonly string[],
  current: string,
) {
  const options = [...builtins, ...labelKeys.map((key) => ({ value: key, label: `Label: ${key}` }))];
  return options.some((o) => o.value === current)
    ? options
    : [...options, { value: current, label: `Label: ${current}` }];
}

/** The health list's top bar (spec 001 §2.1): search, Group By, Tab By, Pivot By, layout, and on wall displays large type. */
export function HealthToolbar({
  params,
  update,
  labelKeys,
  filtersButton,
  extra,
}: {
  params: HealthParams;
  update: (patch: Partial<HealthParams>, options?: SetUrlStateOptions) => void;
  labelKeys: readonly string[];
  filtersButton: React.ReactNode;
  /** Controls only the wall display shows here (its refresh controls). */
  extra?: React.ReactNode;
}) {
  const large = params.large;
  const select = cn(large && 'h-11 text-lg');
  const groupBy = keyOptions(
    BUILTIN_GROUP_BY.map((value) => ({ value, label: GROUP_BY_LABELS[value] })),
    labelKeys,
    params.groupBy,
  );
  const tabBy = keyOptions(
    [
      { value: 'namespace', label: 'Namespace' },
      { value: 'agent_id', label: 'Agent' },
    ],
    labelKeys,
    params.tabBy,
  );
  const pivotBy = keyOptions([{ value: NO_PIVOT, label: 'None' }], labelKeys, params.pivotBy);
  const field = (
    label: string,
    value: string,
    options: { value: string; label: string }[],
    onChange: (value: string) => void,
  ) => (
    <NativeSelectField label={label}>
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value)} className={select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </NativeSelectField>
  );
  return (
    <ListToolbar label="List options">
      {filtersButton}
      <SearchBox
        value={params.query}
        onChange={(query) => update({ query }, { history: 'replace' })}
        label="Search checks"
        className={cn(large && 'h-11 text-lg')}
      />
      {field('Group By', params.groupBy, groupBy, (value) => update({ groupBy: value }))}
      {field('Tab By', params.tabBy, tabBy, (value) => update({ tabBy: value, tab: 'All' }))}
      {field('Pivot By', params.pivotBy, pivotBy, (value) => update({ pivotBy: value }))}
      <div role="group" aria-label="Layout" className="flex gap-1">
        {LAYOUT_CHOICES.map(({ layout, label, icon }) => (
          <Button
            key={layout}
            variant={params.layout === layout ? 'secondary' : 'ghost'}
            size="icon"
            aria-label={label}
            aria-pressed={params.layout === layout}
            onClick={() => update({ layout })}
          >
            <StaticIcon icon={icon} />
          </Button>
        ))}
      </div>
      {extra && (
        <>
          <Button
            variant={large ? 'secondary' : 'ghost'}
            size="icon"
            aria-label="Large type"
            aria-pressed={large}
            onClick={() => update({ large: !large })}
          >
            <StaticIcon icon={Type} />
          </Button>
          {extra}
        </>
      )}
    </ListToolbar>
  );
}
