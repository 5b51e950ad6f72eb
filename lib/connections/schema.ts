import { z } from 'zod';
import {
  createPayload,
  fieldsOf,
  groupsOf,
  propertiesChange,
  storedSecretPropertiesOf,
  updatePayload,
  activeFieldsOf,
} from '@/lib/connections/mapping';
import type {
  ConnectionField,
  ConnectionFormValues,
  ConnectionPayload,
  ConnectionRecord,
  ConnectionTypeDef,
} from '@/lib/connections/types';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';
import { integerText, optionalText, requiredText, secretField } from '@/lib/forms/schema';
import { secretIsSet, type SecretValue } from '@/lib/forms/secret-value';

/**
 * The one schema of a connection form, made from the type's definition: it validates the values (required flags,
 * integers, secret references) and its output is the request body — every set column on create, only the changed
 * ones on edit (`original`).
 */

function fieldSchema(field: ConnectionField, required: boolean): z.ZodType {
  switch (field.kind) {
    case 'checkbox':
      return z.boolean();
    case 'secret':
      return secretField({ required });
    case 'number':
      return required ? integerText({ required: true }) : integerText();
    case 'choice': {
      const values = (field.options ?? []).map((o) => o.value) as [string, ...string[]];
      return required
        ? z.enum(values, { error: REQUIRED_MESSAGE })
        : z.union([z.enum(values), z.literal('')]);
    }
    default:
      return required ? requiredText() : optionalText();
  }
}

function isEmpty(field: ConnectionField, value: unknown): boolean {
  if (field.kind === 'secret') return !secretIsSet(value as SecretValue);
  if (field.kind === 'checkbox') return false;
  return value === undefined || value === null || String(value).trim() === '';
}

export function connectionFormSchema(
  def: ConnectionTypeDef,
  options: { original?: ConnectionRecord } = {},
): z.ZodType<ConnectionPayload, ConnectionFormValues> {
  const { original } = options;
  const shape: Record<string, z.ZodType> = { name: requiredText(), namespace: requiredText() };
  // Fields inside a group switch are required only when their option is chosen (checked below).
  const grouped = new Set(groupsOf(def).flatMap((g) => g.options.flatMap((o) => o.fields)));
  for (const field of fieldsOf(def))
    shape[field.key] = fieldSchema(field, !grouped.has(field) && field.required === true);
  for (const group of groupsOf(def))
    shape[group.key] = z.enum(group.options.map((o) => o.value) as [string, ...string[]]);

  return z
    .object(shape)
    .superRefine((values, ctx) => {
      for (const field of activeFieldsOf(def, values)) {
        if (!grouped.has(field) || !field.required || !isEmpty(field, values[field.key])) continue;
        ctx.addIssue({ code: 'custom', path: [field.key], message: REQUIRED_MESSAGE });
      }
      if (original && propertiesChange(def, original, values)) {
        for (const field of storedSecretPropertiesOf(def, values)) {
          ctx.addIssue({
            code: 'custom',
            path: [field.key],
            message: 'Enter this value again: it is saved together with the other settings that changed',
          });
        }
      }
    })
    .transform((values) => {
      const formValues = values as ConnectionFormValues;
      return original ? updatePayload(def, original, formValues) : createPayload(def, formValues);
    }) as unknown as z.ZodType<ConnectionPayload, ConnectionFormValues>;
}
