'use client';

import * as React from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { usePreferences } from '@/components/shell/preferences-provider';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Slider } from '@/components/ui/slider';
import { Switch } from '@/components/ui/switch';
import { timezoneOptions } from '@/lib/format';
import { CARD_WIDTH, clampCardWidth, DATETIME_FORMATS, type THEMES } from '@/lib/preferences/constants';

const FORMAT_LABELS: Record<(typeof DATETIME_FORMATS)[number], string> = {
  short: 'Short',
  medium: 'Medium',
  full: 'Full',
  timestamp: 'Timestamp',
};

/** A labelled select of one preference. */
function SelectRow({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}

/** The on/off preferences, each a labelled switch. */
const SWITCHES = [
  { key: 'showHiddenComponents', id: 'pref-show-hidden', label: 'Show hidden components' },
  { key: 'showDeletedConfigs', id: 'pref-show-deleted', label: 'Show deleted configs' },
] as const;

/** The preferences popover with its trigger, loaded on demand by PreferencesMenu and mounted opened. */
export function PreferencesMenuContent({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { preferences, setPreference } = usePreferences();
  const [open, setOpen] = React.useState(defaultOpen);
  // The zone list is long; build it only when the menu opens.
  const zones = React.useMemo(() => (open ? timezoneOptions() : []), [open]);
  const [width, setWidth] = React.useState(preferences.cardWidth);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Preferences">
          <SlidersHorizontal className="size-4" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 space-y-4">
        <h2 className="text-sm font-semibold">Preferences</h2>
        <SelectRow
          id="pref-datetime-format"
          label="Date time format"
          value={preferences.datetimeFormat}
          onChange={(v) => setPreference('datetimeFormat', v as (typeof DATETIME_FORMATS)[number])}
        >
          {DATETIME_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </SelectRow>
        <SelectRow
          id="pref-timezone"
          label="Timezone"
          value={preferences.timezone}
          onChange={(v) => setPreference('timezone', v)}
        >
          {(zones.length > 0 ? zones : [{ name: preferences.timezone, offset: '' }]).map((z) => (
            <option key={z.name} value={z.name}>
              {z.name} {z.offset && `(${z.offset})`}
            </option>
          ))}
        </SelectRow>
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <Label id="pref-card-width-label">Topology card width</Label>
            <span className="text-xs tabular-nums text-muted-foreground">{width}px</span>
          </div>
          <Slider
            aria-labelledby="pref-card-width-label"
            min={CARD_WIDTH.min}
            max={CARD_WIDTH.max}
            step={CARD_WIDTH.step}
            value={[width]}
            onValueChange={([v]) => setWidth(clampCardWidth(v ?? CARD_WIDTH.default))}
            onValueCommit={([v]) => setPreference('cardWidth', clampCardWidth(v ?? CARD_WIDTH.default))}
          />
        </div>
        {SWITCHES.map(({ key, id, label }) => (
          <div key={key} className="flex items-center justify-between">
            <Label htmlFor={id}>{label}</Label>
            <Switch id={id} checked={preferences[key]} onCheckedChange={(v) => setPreference(key, v)} />
          </div>
        ))}
        <SelectRow
          id="pref-theme"
          label="Theme"
          value={preferences.theme}
          onChange={(v) => setPreference('theme', v as (typeof THEMES)[number])}
        >
          <option value="system">System</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </SelectRow>
      </PopoverContent>
    </Popover>
  );
}
