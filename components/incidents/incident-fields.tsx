'use client';

import { SelectField } from '@/components/forms/fields';
import { INCIDENT_SEVERITY_OPTIONS } from '@/lib/format/severity';
import { INCIDENT_TYPES, incidentTypeLabel } from '@/lib/incidents/model';

const TYPE_OPTIONS = INCIDENT_TYPES.map((value) => ({ value, label: incidentTypeLabel(value) }));

/** A new incident's Severity and Type (fields `severity` and `type`): Create Incident and Link to Incident's new one. */
export function IncidentSeverityTypeFields() {
  return (
    <>
      <SelectField
        name="severity"
        label="Severity"
        options={INCIDENT_SEVERITY_OPTIONS}
        required
        placeholder="Select severity"
      />
      <SelectField name="type" label="Type" options={TYPE_OPTIONS} required placeholder="Select type" />
    </>
  );
}
