import {
  isSecretParameter,
  parameterKind,
  textFormat,
  type ParameterDefinition,
} from '@/lib/playbooks/parameter-kinds';

/** One row of a playbook's Parameters table on its page (/playbooks/{id}, spec 001 §2.2). */
export interface ParameterSummary {
  name: string;
  label: string;
  /** The kind the run dialog renders, with a text parameter's format: 'text', 'text (number)', 'code', 'team' … */
  type: string;
  required: boolean;
  /** The default as text; '' when none; a secret's default is never shown. */
  defaultText: string;
  description: string;
}

/** The parameters of a playbook's spec, in spec order; entries without a name are left out (the backend refuses them). */
export function parameterSummaries(spec: Record<string, unknown> | null | undefined): ParameterSummary[] {
  const defs = Array.isArray(spec?.parameters) ? (spec.parameters as unknown[]) : [];
  return defs
    .filter(
      (d): d is ParameterDefinition =>
        !!d &&
        typeof d === 'object' &&
        typeof (d as ParameterDefinition).name === 'string' &&
        (d as ParameterDefinition).name !== '',
    )
    .map((d) => {
      const kind = parameterKind(d);
      const format = textFormat(d);
      return {
        name: d.name,
        label: d.label || d.name,
        type: format ? `${kind} (${format})` : kind,
        required: d.required === true,
        defaultText: isSecretParameter(d) ? '' : defaultText(d.default),
        description: d.description ?? '',
      };
    });
}

function defaultText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
