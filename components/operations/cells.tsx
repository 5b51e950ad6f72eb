'use client';

import { usePreferences } from '@/components/shell/preferences-provider';
import { Age } from '@/components/widgets/age';

/** A time column in the chosen date format and timezone ('3h ago' under a week). */
export function TimeCell({ value }: { value: string | null | undefined }) {
  const { preferences } = usePreferences();
  return <Age from={value} format={preferences.datetimeFormat} timezone={preferences.timezone} />;
}
