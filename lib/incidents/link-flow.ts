/**
 * The Link to Incident dialog's rules (spec 001 §3.3, §4, §5, §8) as pure functions, and the create-and-link flow
 * with its calls passed in, so the rules and the order of the writes are tested without a browser.
 */

export const LINK_MESSAGES = {
  incident: 'Must select or create an incident',
  severity: 'Please select incident severity',
  type: 'Please select an incident type',
  hypothesis: 'Must select or create a hypothesis',
  linked: 'Linked to incident successfully',
  linking: 'Linking..',
} as const;

export interface HypothesisRef {
  id: string;
  title: string;
  type?: string | null;
}

export type IncidentChoice =
  | { kind: 'existing'; id: string; title: string; hypotheses: readonly HypothesisRef[] }
  | { kind: 'new'; title: string };
export type HypothesisChoice =
  { kind: 'existing'; id: string; title: string } | { kind: 'new'; title: string };

export interface LinkValues {
  incident: IncidentChoice | null;
  hypothesis: HypothesisChoice | null;
  severity: string;
  type: string;
  /** The new incident's description. */
  incidentDescription: string;
  /** The evidence's description. */
  description: string;
}

/** A new incident asks for type and severity; an existing one hides them (001 §4). */
export const showsIncidentFields = (incident: IncidentChoice | null) => incident?.kind === 'new';

/** A new incident gets its root hypothesis; an existing one needs a hypothesis chosen or typed (001 §4, §5). */
export const needsHypothesis = (incident: IncidentChoice | null) => incident?.kind === 'existing';

/**
 * The hypothesis after the incident changed: cleared, except that an existing incident with exactly one
 * hypothesis has it preselected (001 §4).
 */
export function hypothesisAfterIncidentChange(incident: IncidentChoice | null): HypothesisChoice | null {
  if (incident?.kind !== 'existing' || incident.hypotheses.length !== 1) return null;
  const only = incident.hypotheses[0] as HypothesisRef;
  return { kind: 'existing', id: only.id, title: only.title };
}

/** The validation messages of the dialog, by field (001 §5); empty when it may be submitted. */
export function linkFormErrors(
  v: LinkValues,
): Partial<Record<'incident' | 'severity' | 'type' | 'hypothesis', string>> {
  const errors: Partial<Record<'incident' | 'severity' | 'type' | 'hypothesis', string>> = {};
  if (!v.incident || (v.incident.kind === 'new' && !v.incident.title.trim()))
    errors.incident = LINK_MESSAGES.incident;
  if (showsIncidentFields(v.incident)) {
    if (!v.severity) errors.severity = LINK_MESSAGES.severity;
    if (!v.type) errors.type = LINK_MESSAGES.type;
  }
  if (needsHypothesis(v.incident) && (!v.hypothesis || !v.hypothesis.title.trim()))
    errors.hypothesis = LINK_MESSAGES.hypothesis;
  return errors;
}

/** What is being linked: one of the resource ids (001 §3.3), its evidence type and any captured data. */
export interface EvidenceTarget {
  type: 'check' | 'topology' | 'config' | 'config_change' | 'config_analysis' | 'log' | 'comment';
  check_id?: string;
  component_id?: string;
  config_id?: string;
  config_change_id?: string;
  config_analysis_id?: string;
  evidence?: unknown;
  properties?: unknown;
}

export interface LinkCalls {
  createIncident(n: { title: string; description: string; severity: string; type: string }): Promise<string>;
  createHypothesis(h: {
    incidentId: string;
    parentId: string | null;
    type: string;
    title: string;
  }): Promise<string>;
  createEvidence(e: EvidenceTarget & { hypothesisId: string; description: string }): Promise<unknown>;
  /** Where creation failures go (001 §8: logged, the flow stops). */
  log(message: string, error: unknown): void;
}

/** A new incident and its root hypothesis titled like it (spec 000 §4, 001 §4); the ids, or null after logging. */
export async function createIncidentWithRoot(
  calls: Pick<LinkCalls, 'createIncident' | 'createHypothesis' | 'log'>,
  n: { title: string; description: string; severity: string; type: string },
): Promise<{ incidentId: string; hypothesisId: string } | null> {
  let incidentId: string;
  try {
    incidentId = await calls.createIncident(n);
  } catch (error) {
    calls.log('Creating the incident failed', error);
    return null;
  }
  try {
    const hypothesisId = await calls.createHypothesis({
      incidentId,
      parentId: null,
      type: 'root',
      title: n.title,
    });
    return { incidentId, hypothesisId };
  } catch (error) {
    calls.log('Creating the root hypothesis failed', error);
    return null;
  }
}

export type LinkResult =
  { ok: true; incidentId: string } | { ok: false; stage: 'create' | 'evidence'; error?: unknown };

/**
 * Creates what the form names (incident with its root hypothesis, or a new hypothesis on an existing incident),
 * then the evidence. Creation failures are logged and stop the flow; an evidence failure is reported to the caller.
 */
export async function linkToIncident(
  calls: LinkCalls,
  v: LinkValues,
  target: EvidenceTarget,
): Promise<LinkResult> {
  let incidentId: string;
  let hypothesisId: string;
  if (v.incident?.kind === 'new') {
    const created = await createIncidentWithRoot(calls, {
      title: v.incident.title.trim(),
      description: v.incidentDescription,
      severity: v.severity,
      type: v.type,
    });
    if (!created) return { ok: false, stage: 'create' };
    ({ incidentId, hypothesisId } = created);
  } else if (v.incident?.kind === 'existing' && v.hypothesis) {
    incidentId = v.incident.id;
    if (v.hypothesis.kind === 'existing') hypothesisId = v.hypothesis.id;
    else {
      try {
        hypothesisId = await calls.createHypothesis({
          incidentId,
          parentId: null,
          type: 'root',
          title: v.hypothesis.title.trim(),
        });
      } catch (error) {
        calls.log('Creating the hypothesis failed', error);
        return { ok: false, stage: 'create' };
      }
    }
  } else return { ok: false, stage: 'create' };
  try {
    await calls.createEvidence({ ...target, hypothesisId, description: v.description });
  } catch (error) {
    return { ok: false, stage: 'evidence', error };
  }
  return { ok: true, incidentId };
}
