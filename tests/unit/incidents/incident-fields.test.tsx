import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { z } from 'zod';
import { Form, useZodForm } from '@/components/forms/form';
import { IncidentSeverityTypeFields } from '@/components/incidents/incident-fields';
import { INCIDENT_SEVERITY_OPTIONS } from '@/lib/format/severity';
import { INCIDENT_TYPES, incidentTypeLabel } from '@/lib/incidents/model';

function Harness() {
  const form = useZodForm(z.object({ severity: z.string(), type: z.string() }), {
    defaultValues: { severity: '', type: 'security' },
  });
  return (
    <Form form={form} onSubmit={jest.fn()} aria-label="New incident">
      <IncidentSeverityTypeFields />
    </Form>
  );
}

describe('incident severity and type fields', () => {
  it('offers every severity and type with their labels, required, bound to the form values', () => {
    render(<Harness />);
    const severity = screen.getByRole('combobox', { name: /^Severity/ });
    const type = screen.getByRole('combobox', { name: /^Type/ });
    expect(severity).toHaveAttribute('aria-required', 'true');
    expect(type).toHaveAttribute('aria-required', 'true');
    expect(
      within(severity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select severity', ...INCIDENT_SEVERITY_OPTIONS.map((o) => o.label)]);
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select type', ...INCIDENT_TYPES.map(incidentTypeLabel)]);
    expect(severity).toHaveValue('');
    expect(type).toHaveValue('security');
  });
});
