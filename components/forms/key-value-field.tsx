'use client';

import * as React from 'react';
import { useController } from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError, FieldShell, useFieldError } from '@/components/forms/field-shell';
import type { BaseFieldProps } from '@/components/forms/fields';
import type { KeyValuePair } from '@/lib/forms/schema';

function PairRow({
  name,
  index,
  pair,
  disabled,
  onChange,
  onRemove,
  onBlur,
}: {
  name: string;
  index: number;
  pair: KeyValuePair;
  disabled?: boolean;
  onChange: (pair: KeyValuePair) => void;
  onRemove: () => void;
  onBlur: () => void;
}) {
  const keyError = useFieldError(`${name}.${index}.key`);
  const errorId = React.useId();
  return (
    <li className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <Input
          aria-label={`Key ${index + 1}`}
          placeholder="Key"
          value={pair.key}
          disabled={disabled}
          aria-invalid={keyError ? true : undefined}
          aria-describedby={keyError ? errorId : undefined}
          onChange={(event) => onChange({ ...pair, key: event.target.value })}
          onBlur={onBlur}
        />
        <Input
          aria-label={`Value ${index + 1}`}
          placeholder="Value"
          value={pair.value}
          disabled={disabled}
          onChange={(event) => onChange({ ...pair, value: event.target.value })}
          onBlur={onBlur}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove row ${index + 1}`}
          disabled={disabled}
          onClick={onRemove}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      <FieldError id={errorId} message={keyError} />
    </li>
  );
}

/** A key/value map such as labels: rows of key and value; the schema (keyValueMap) turns them into the map. */
export function KeyValueField({ addLabel = 'Add', ...props }: BaseFieldProps & { addLabel?: string }) {
  const { field } = useController({ name: props.name });
  const pairs = (field.value as KeyValuePair[] | undefined) ?? [];
  const disabled = props.disabled || field.disabled;
  const set = (next: KeyValuePair[]) => field.onChange(next);
  return (
    <FieldShell {...props} as="legend">
      {() => (
        <div className="flex flex-col gap-2">
          {pairs.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {pairs.map((pair, index) => (
                <PairRow
                  // Rows have no identity but their position; keys may be edited freely.
                  key={index}
                  name={props.name}
                  index={index}
                  pair={pair}
                  disabled={disabled}
                  onBlur={field.onBlur}
                  onChange={(next) => set(pairs.map((p, i) => (i === index ? next : p)))}
                  onRemove={() => set(pairs.filter((_, i) => i !== index))}
                />
              ))}
            </ul>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            disabled={disabled}
            onClick={() => set([...pairs, { key: '', value: '' }])}
          >
            <PlusIcon aria-hidden />
            {addLabel}
          </Button>
        </div>
      )}
    </FieldShell>
  );
}
