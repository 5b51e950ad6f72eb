'use client';

import { stringify } from 'yaml';
import { YamlCodeView } from '@/components/health';

/** The spec a run ran, read-only YAML (loaded when the run page's Spec section opens). */
export function RunSpecView({ spec }: { spec: Record<string, unknown> }) {
  return <YamlCodeView value={stringify(spec, { lineWidth: 0 })} label="Playbook spec" />;
}
