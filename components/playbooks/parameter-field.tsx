'use client';

import * as React from 'react';
import { useController } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { CodeField } from '@/components/forms/code-field';
import { FieldShell } from '@/components/forms/field-shell';
import { CheckboxField, NumberField, SelectField, TextareaField, TextField } from '@/components/forms/fields';
import { ResourceSelectorField } from '@/components/resources';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import {
  BYTE_UNITS,
  codeLanguage,
  codeSize,
  fieldKey,
  listOptions,
  parameterKind,
  textFormat,
  type BytesValue,
  type ParameterDefinition,
} from '@/lib/playbooks/parameter-kinds';
import { playbookFormQueries } from '@/lib/playbooks/form-queries';
import type { ResourceFilters, ResourceKind } from '@/lib/resources';
import { peopleQueries } from '@/lib/access';
import type { ParameterSchemaState } from '@/components/playbooks/use-parameter-schemas';

/** One playbook parameter rendered by its type (spec 001 §3.6, §5); the rules live in lib/playbooks/parameters.ts. */

/** What every parameter's field gets (ParameterField's `common`): its form key, label, description and whether it is required. */
interface ParamFieldProps {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
}

/** Bytes: a number and a unit (Mi, Gi, Ti; default Mi). */
function BytesField({ name, label, hint, required }: ParamFieldProps) {
  const { field } = useController({ name });
  const value = (field.value as BytesValue | undefined) ?? { amount: '', unit: 'Mi' };
  return (
    <FieldShell name={name} label={label} hint={hint} required={required}>
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            ref={field.ref}
            inputMode="numeric"
            className="max-w-40"
            value={value.amount}
            onChange={(e) => field.onChange({ ...value, amount: e.target.value })}
            onBlur={field.onBlur}
          />
          <NativeSelect
            aria-label={`${label} unit`}
            value={value.unit}
            onChange={(e) => field.onChange({ ...value, unit: e.target.value })}
            onBlur={field.onBlur}
          >
            {BYTE_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </FieldShell>
  );
}

/** Millicores: a whole number shown with its 'm' suffix. */
function MillicoresField({ name, label, hint, required }: ParamFieldProps) {
  const { field } = useController({ name });
  return (
    <FieldShell name={name} label={label} hint={hint} required={required}>
      {(control) => (
        <div className="flex items-center gap-1">
          <Input
            {...control}
            ref={field.ref}
            inputMode="numeric"
            className="max-w-40"
            value={(field.value as string | undefined) ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
          />
          <span aria-hidden className="text-sm text-muted-foreground">
            m
          </span>
        </div>
      )}
    </FieldShell>
  );
}

function TeamField(props: ParamFieldProps) {
  const teams = useQuery(playbookFormQueries.teams());
  const options = (teams.data ?? []).map((t) => ({ value: t.id, label: t.name ?? t.id }));
  return (
    <SelectField
      {...props}
      options={options}
      placeholder={teams.isPending ? 'Loading teams…' : 'Select a team'}
    />
  );
}

/**
 * People, narrowed to a role when the parameter names one. Roles are read from people_roles, which only admin may
 * read; for others the role filter cannot apply and everyone is offered (the backend checks the run).
 */
function PeopleField({ role, ...props }: ParamFieldProps & { role?: string }) {
  const people = useQuery(peopleQueries.choices());
  const roles = useQuery({ ...peopleQueries.withRoles(), enabled: !!role });
  const withRole =
    role && roles.data
      ? new Set(roles.data.filter((p) => (p.roles ?? []).includes(role)).map((p) => p.id))
      : null;
  const options = (people.data ?? [])
    .filter((p) => !withRole || withRole.has(p.id))
    .map((p) => ({ value: p.id, label: p.name ?? p.id }));
  const hint =
    role && roles.isError
      ? [props.hint, `Only people with the ${role} role should be chosen.`].filter(Boolean).join(' ')
      : props.hint;
  return (
    <SelectField
      {...props}
      hint={hint}
      options={options}
      placeholder={people.isPending ? 'Loading people…' : 'Select a person'}
    />
  );
}

const KIND_TO_RESOURCE: Record<'component' | 'config' | 'check', ResourceKind> = {
  component: 'components',
  config: 'configs',
  check: 'checks',
};

export function ParameterField({
  parameter,
  index,
  schema,
}: {
  parameter: ParameterDefinition;
  index: number;
  /** Its `jsonSchemaUrl`'s note and schema (components/playbooks/use-parameter-schemas.ts). */
  schema?: ParameterSchemaState;
}) {
  const name = fieldKey(index);
  const label = parameter.label || parameter.name;
  const hint = [parameter.description, schema?.note].filter(Boolean).join(' ') || undefined;
  const required = parameter.required === true;
  const common = { name, label, hint, required };
  const kind = parameterKind(parameter);
  switch (kind) {
    case 'checkbox':
      return <CheckboxField {...common} />;
    case 'list':
      return (
        <SelectField
          {...common}
          options={listOptions(parameter)}
          placeholder={required ? undefined : 'None'}
        />
      );
    case 'team':
      return <TeamField {...common} />;
    case 'people':
      return (
        <PeopleField
          {...common}
          role={typeof parameter.properties?.role === 'string' ? parameter.properties.role : undefined}
        />
      );
    case 'component':
    case 'config':
    case 'check': {
      const resourceKind = KIND_TO_RESOURCE[kind];
      const filter = parameter.properties?.filter;
      const filters: ResourceFilters | undefined = Array.isArray(filter)
        ? { [resourceKind]: filter as Record<string, unknown>[] }
        : undefined;
      return <ResourceSelectorField {...common} kinds={[resourceKind]} filters={filters} />;
    }
    case 'code': {
      const language = codeLanguage(parameter);
      if (language === 'yaml' || language === 'json')
        return (
          <CodeField {...common} language={language} size={codeSize(parameter)} jsonSchema={schema?.schema} />
        );
      return <TextareaField {...common} rows={codeSize(parameter) === 'very-small' ? 3 : 8} />;
    }
    default: {
      const format = textFormat(parameter);
      if (format === 'number') return <NumberField {...common} />;
      if (format === 'bytes') return <BytesField {...common} />;
      if (format === 'millicores') return <MillicoresField {...common} />;
      if (parameter.properties?.multiline === true || parameter.properties?.multiline === 'true')
        return <TextareaField {...common} />;
      const type = format === 'password' || format === 'email' || format === 'url' ? format : 'text';
      return (
        <TextField {...common} type={type} autoComplete={format === 'password' ? 'new-password' : 'off'} />
      );
    }
  }
}
