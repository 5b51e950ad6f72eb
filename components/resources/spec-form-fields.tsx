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
import { OptionSwitch } from '@/components/forms/radio-buttons';
import { SecretField } from '@/components/forms/secret-field';
import { activeSpecFields, type SpecFormValues } from '@/lib/resources/spec-mapping';
import {
  fieldKey,
  isSwitch,
  type SpecField,
  type SpecFieldSwitch,
  type SpecTypeDef,
} from '@/lib/resources/spec-types';

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
  return (
    <OptionSwitch
      label={sw.label}
      options={sw.options}
      value={field.value as string | undefined}
      onChange={field.onChange}
      disabled={disabled}
    >
      {children}
    </OptionSwitch>
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
