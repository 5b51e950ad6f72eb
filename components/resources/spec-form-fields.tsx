'use client';

import * as React from 'react';
import { useController, useWatch } from 'react-hook-form';
import {
  CheckboxField,
  MultiSelectField,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
} from '@/components/forms/fields';
import { KeyValueField } from '@/components/forms/key-value-field';
import { SecretField } from '@/components/forms/secret-field';
import { activeSpecFields, type SpecFormValues } from '@/lib/resources/spec-mapping';
import {
  fieldKey,
  isSwitch,
  type SpecField,
  type SpecFieldSwitch,
  type SpecTypeDef,
} from '@/lib/resources/spec-types';
import { cn } from '@/lib/utils';

/** The Form tab of a spec type, rendered from its definition with the form kit's fields (values under `spec.`). */

function Field({ field, disabled }: { field: SpecField; disabled?: boolean }) {
  const common = {
    name: `spec.${fieldKey(field.path)}`,
    label: field.label,
    hint: field.hint,
    required: field.required,
    disabled,
  };
  switch (field.kind) {
    case 'textarea':
      return <TextareaField {...common} placeholder={field.placeholder} />;
    case 'list':
      return <TextareaField {...common} rows={3} placeholder={field.placeholder} />;
    case 'number':
      return <NumberField {...common} placeholder={field.placeholder} />;
    case 'select':
      return <SelectField {...common} options={field.options ?? []} />;
    case 'multiselect':
      return <MultiSelectField {...common} options={field.options ?? []} />;
    case 'checkbox':
      return <CheckboxField {...common} />;
    case 'keyValue':
      return <KeyValueField {...common} />;
    case 'envVar':
      return <SecretField {...common} />;
    default:
      return <TextField {...common} placeholder={field.placeholder} />;
  }
}

/** A None/option switch (authentication, scripts) as radio buttons; the chosen option's fields follow it. */
function Switch({
  sw,
  disabled,
  children,
}: {
  sw: SpecFieldSwitch;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  const { field } = useController({ name: `spec.${sw.key}` });
  const group = React.useId();
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{sw.label}</legend>
      <div role="radiogroup" aria-label={sw.label} className="flex flex-wrap gap-1">
        {sw.options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer items-center rounded-md border border-border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={group}
              value={o.value}
              checked={field.value === o.value}
              disabled={disabled}
              onChange={() => field.onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

export function SpecFormFields({ def, disabled }: { def: SpecTypeDef; disabled?: boolean }) {
  const values = (useWatch({ name: 'spec' }) ?? {}) as SpecFormValues;
  const active = new Set(activeSpecFields(def, values).map((f) => f.path));
  return (
    <div className="grid gap-4">
      {(def.fields ?? []).map((f) => {
        if (isSwitch(f)) {
          const option = f.options.find((o) => o.value === values[f.key]) ?? f.options[0];
          return (
            <Switch key={f.key} sw={f} disabled={disabled}>
              {option?.fields.map((o) => (
                <Field key={o.path} field={o} disabled={disabled} />
              ))}
            </Switch>
          );
        }
        return active.has(f.path) ? <Field key={f.path} field={f} disabled={disabled} /> : null;
      })}
    </div>
  );
}
