'use client';

import { get, useController, useFormState } from 'react-hook-form';
import { LockKeyholeIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { FieldShell, useFieldError } from '@/components/forms/field-shell';
import { RadioButtons } from '@/components/forms/radio-buttons';
import type { BaseFieldProps } from '@/components/forms/fields';
import { SECRET_SOURCES, type SecretSource, type SecretValue } from '@/lib/forms/secret-value';

const SOURCE_NOUN: Record<'configmap' | 'secret', string> = { configmap: 'ConfigMap', secret: 'Secret' };

function emptyOf(source: SecretSource): SecretValue {
  return source === 'static' ? { source, value: '' } : { source, name: '', key: '' };
}

function SubInput({
  label,
  value,
  onChange,
  onBlur,
  disabled,
  invalid,
  describedBy,
  type = 'text',
  multiline,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  disabled?: boolean;
  /** The field has an error and this part is the cause (blank, or the only input). */
  invalid?: boolean;
  describedBy?: string;
  type?: 'text' | 'password';
  multiline?: boolean;
}) {
  const common = {
    'aria-label': label,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy,
    value,
    disabled,
    onBlur,
  } as const;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      {multiline ? (
        <Textarea
          {...common}
          rows={6}
          className="font-mono text-xs"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Input
          {...common}
          type={type}
          autoComplete={type === 'password' ? 'new-password' : 'off'}
          placeholder={label}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}

/**
 * A secret-capable field (spec 001 §3.2): a static value, a ConfigMap reference or a Secret reference. A value the
 * backend holds but does not send (`stored`) shows as set and can be replaced; it is never sent back unchanged.
 * Validate with secretField() and store with encodeSecret (lib/forms).
 */
export function SecretField({
  sensitive = true,
  multiline = false,
  ...props
}: BaseFieldProps & {
  /** Mask a typed static value (API keys, passwords); off for user names and access key ids. */
  sensitive?: boolean;
  /** A multi-line static value (certificates, SSH keys, kubeconfigs). */
  multiline?: boolean;
}) {
  const { field } = useController({ name: props.name });
  const { defaultValues } = useFormState({ name: props.name });
  const error = useFieldError(props.name);
  const value = (field.value as SecretValue | undefined) ?? { source: 'static', value: '' };
  const initiallyStored = (get(defaultValues, props.name) as SecretValue | undefined)?.source === 'stored';
  const disabled = props.disabled || field.disabled;
  const label = typeof props.label === 'string' ? props.label : props.name;
  const set = (next: SecretValue) => field.onChange(next);

  return (
    <FieldShell {...props} as="legend">
      {(control) =>
        value.source === 'stored' ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md border border-dashed border-border px-3 py-2 text-sm">
            <LockKeyholeIcon className="size-4 text-muted-foreground" aria-hidden />
            <span>A value is set</span>
            <Button
              ref={field.ref}
              type="button"
              variant="outline"
              size="sm"
              className="ml-auto"
              disabled={disabled}
              aria-label={`Replace ${label}`}
              onClick={() => set(emptyOf('static'))}
            >
              Replace
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <RadioButtons
              label={`${label} source`}
              size="sm"
              options={SECRET_SOURCES}
              value={value.source}
              onChange={(source) => set(emptyOf(source))}
              disabled={disabled}
            >
              {initiallyStored ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="ml-auto h-7"
                  disabled={disabled}
                  onClick={() => set({ source: 'stored' })}
                >
                  Keep current value
                </Button>
              ) : null}
            </RadioButtons>
            {value.source === 'static' ? (
              <SubInput
                label={label}
                invalid={!!error}
                describedBy={control['aria-describedby']}
                value={value.value}
                type={sensitive ? 'password' : 'text'}
                multiline={multiline}
                disabled={disabled}
                onBlur={field.onBlur}
                onChange={(text) => set({ source: 'static', value: text })}
              />
            ) : (
              <div className="flex flex-col gap-2 sm:flex-row">
                <SubInput
                  label={`${label} ${SOURCE_NOUN[value.source]} name`}
                  invalid={!!error && (value.name.trim() === '' || /[/\s]/.test(value.name.trim()))}
                  describedBy={control['aria-describedby']}
                  value={value.name}
                  disabled={disabled}
                  onBlur={field.onBlur}
                  onChange={(text) => set({ ...value, name: text })}
                />
                <SubInput
                  label={`${label} ${SOURCE_NOUN[value.source]} key`}
                  invalid={!!error && (value.key.trim() === '' || /\s/.test(value.key.trim()))}
                  describedBy={control['aria-describedby']}
                  value={value.key}
                  disabled={disabled}
                  onBlur={field.onBlur}
                  onChange={(text) => set({ ...value, key: text })}
                />
              </div>
            )}
          </div>
        )
      }
    </FieldShell>
  );
}
