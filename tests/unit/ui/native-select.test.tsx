import { act } from '@testing-library/react';
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { NativeSelect } from '@/components/ui/native-select';

/**
 * A choice made in the server's <select> before hydration (issue 34) reaches onChange once hydrated, instead of being
 * put back by the next render; a value whose option is not there yet (options still loading) is never taken for one.
 */

function hydrateWith(element: React.ReactElement, choose: (select: HTMLSelectElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  choose(container.querySelector('select') as HTMLSelectElement);
  act(() => {
    hydrateRoot(container, element);
  });
  return container;
}

function Filter({
  onChange,
  options = ['open', 'closed'],
}: {
  onChange: (v: string) => void;
  options?: string[];
}) {
  const [value, setValue] = React.useState('open');
  return (
    <NativeSelect
      aria-label="Status"
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        onChange(event.target.value);
      }}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </NativeSelect>
  );
}

it('hands a choice made before hydration to onChange, and keeps it', () => {
  const chosen: string[] = [];
  const container = hydrateWith(<Filter onChange={(v) => chosen.push(v)} />, (select) => {
    select.value = 'closed';
  });
  expect(chosen).toEqual(['closed']);
  expect(container.querySelector('select')).toHaveValue('closed');
  container.remove();
});

it('reports nothing when nothing was chosen, or when the value’s option is not there', () => {
  const chosen: string[] = [];
  const untouched = hydrateWith(<Filter onChange={(v) => chosen.push(v)} />, () => undefined);
  const loading = hydrateWith(<Filter onChange={(v) => chosen.push(v)} options={[]} />, () => undefined);
  expect(chosen).toEqual([]);
  untouched.remove();
  loading.remove();
});

it('passes its element to a ref as well (react-hook-form registers one)', () => {
  const ref = React.createRef<HTMLSelectElement>();
  const container = hydrateWith(<NativeSelect ref={ref} aria-label="Kind" />, () => undefined);
  expect(ref.current).toBe(container.querySelector('select'));
  container.remove();
});
