'use client';

import * as React from 'react';
import { useController, useWatch } from 'react-hook-form';
import { CheckboxField, ChoiceField, NumberField, TextField } from '@/components/forms/fields';
import { SecretField } from '@/components/forms/secret-field';
import {
  isFieldGroup,
  type ConnectionField,
  type ConnectionFieldGroup,
  type ConnectionTypeDef,
} from '@/lib/connections/types';
import { cn } from '@/lib/utils';

function Field({ field, disabled }: { field: ConnectionField; disabled?: boolean }) {
  const common = {
    name: field.key,
    label: field.label,
    hint: field.hint,
    required: field.required,
    disabled,
  };
  switch (field.kind) {
    case 'checkbox':
      return <CheckboxField {...common} />;
    case 'number':
      return <NumberField {...common} />;
    case 'secret':
      return <SecretField {...common} sensitive={field.sensitive ?? true} multiline={field.multiline} />;
    case 'choice':
      return <ChoiceField {...common} options={field.options ?? []} />;
    default:
      return <TextField {...common} />;
  }
}

/** A switch between groups of fields (git: Basic or SSH), then the chosen group's fields. */
function GroupSwitch({ group, disabled }: { group: ConnectionFieldGroup; disabled?: boolean }) {
  const { field } = useController({ name: group.key });
  const chosen = useWatch({ name: group.key }) as string | undefined;
  const option = group.options.find((o) => o.value === chosen) ?? group.options[0];
  const name = React.useId();
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{group.label}</legend>
      <div role="radiogroup" aria-label={group.label} className="flex flex-wrap gap-1">
        {group.options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer items-center rounded-md border border-border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={o.value}
              checked={option?.value === o.value}
              disabled={disabled}
              onChange={() => field.onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {option?.fields.map((f) => (
        <Field key={f.key} field={f} disabled={disabled} />
      ))}
    </fieldset>
  );
}

/** Name, namespace and a type's fields, in the definition's order. */
export function ConnectionFields({
  def,
  lockIdentity = false,
  disabled = false,
}: {
  def: ConnectionTypeDef;
  lockIdentity?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" required disabled={disabled || lockIdentity} />
        <TextField name="namespace" label="Namespace" required disabled={disabled || lockIdentity} />
      </div>
      {def.fields.map((f) =>
        isFieldGroup(f) ? (
          <GroupSwitch key={f.key} group={f} disabled={disabled} />
        ) : (
          <Field key={f.key} field={f} disabled={disabled} />
        ),
      )}
    </div>
  );
}
