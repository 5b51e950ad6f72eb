'use client';

import { useController, useWatch } from 'react-hook-form';
import { CheckboxField, ChoiceField, NumberField, TextField } from '@/components/forms/fields';
import { OptionSwitch } from '@/components/forms/radio-buttons';
import { SecretField } from '@/components/forms/secret-field';
import {
  isFieldGroup,
  type ConnectionField,
  type ConnectionFieldGroup,
  type ConnectionTypeDef,
} from '@/lib/connections/types';

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
  return (
    <OptionSwitch
      label={group.label}
      options={group.options}
      value={option?.value}
      onChange={field.onChange}
      disabled={disabled}
    >
      {option?.fields.map((f) => (
        <Field key={f.key} field={f} disabled={disabled} />
      ))}
    </OptionSwitch>
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
