import {
  hypothesisAfterIncidentChange,
  LINK_MESSAGES,
  linkFormErrors,
  linkToIncident,
  needsHypothesis,
  showsIncidentFields,
  type LinkCalls,
  type LinkValues,
} from '@/lib/incidents/link-flow';

const base: LinkValues = {
  incident: null,
  hypothesis: null,
  severity: '',
  type: '',
  incidentDescription: '',
  description: 'seen failing',
};
const existing = (hypotheses = [{ id: 'h1', title: 'Root' }]) => ({
  kind: 'existing' as const,
  id: 'i1',
  title: 'Outage',
  hypotheses,
});

describe('Link to Incident: state rules (001 §4)', () => {
  it('shows type and severity only for a new incident, and asks for a hypothesis only for an existing one', () => {
    expect(showsIncidentFields({ kind: 'new', title: 'x' })).toBe(true);
    expect(showsIncidentFields(existing())).toBe(false);
    expect(needsHypothesis(existing())).toBe(true);
    expect(needsHypothesis({ kind: 'new', title: 'x' })).toBe(false);
  });

  it('clears the hypothesis when the incident changes, preselecting an only hypothesis', () => {
    expect(hypothesisAfterIncidentChange(existing())).toEqual({ kind: 'existing', id: 'h1', title: 'Root' });
    expect(
      hypothesisAfterIncidentChange(
        existing([
          { id: 'a', title: 'A' },
          { id: 'b', title: 'B' },
        ]),
      ),
    ).toBeNull();
    expect(hypothesisAfterIncidentChange(existing([]))).toBeNull();
    expect(hypothesisAfterIncidentChange({ kind: 'new', title: 'x' })).toBeNull();
    expect(hypothesisAfterIncidentChange(null)).toBeNull();
  });
});

describe('Link to Incident: validation texts (001 §5)', () => {
  it('needs an incident', () => {
    expect(linkFormErrors(base)).toEqual({ incident: LINK_MESSAGES.incident });
    expect(LINK_MESSAGES.incident).toBe('Must select or create an incident');
    expect(linkFormErrors({ ...base, incident: { kind: 'new', title: '  ' } }).incident).toBe(
      LINK_MESSAGES.incident,
    );
  });

  it('needs severity and type for a new incident', () => {
    expect(linkFormErrors({ ...base, incident: { kind: 'new', title: 'Outage' } })).toEqual({
      severity: 'Please select incident severity',
      type: 'Please select an incident type',
    });
    expect(
      linkFormErrors({ ...base, incident: { kind: 'new', title: 'Outage' }, severity: 'high', type: 'cost' }),
    ).toEqual({});
  });

  it('needs a hypothesis for an existing incident, not severity or type', () => {
    expect(linkFormErrors({ ...base, incident: existing() })).toEqual({
      hypothesis: 'Must select or create a hypothesis',
    });
    expect(
      linkFormErrors({ ...base, incident: existing(), hypothesis: { kind: 'new', title: 'Disk' } }),
    ).toEqual({});
  });
});

describe('Link to Incident: the flow (001 §4, §8)', () => {
  function fakeCalls(fail: Partial<Record<'incident' | 'hypothesis' | 'evidence', boolean>> = {}) {
    const log: string[] = [];
    const calls: LinkCalls = {
      createIncident: jest.fn(async (n) => {
        log.push(`incident:${n.title}:${n.severity}:${n.type}`);
        if (fail.incident) throw new Error('no incident');
        return 'new-incident';
      }),
      createHypothesis: jest.fn(async (h) => {
        log.push(`hypothesis:${h.incidentId}:${h.type}:${h.title}`);
        if (fail.hypothesis) throw new Error('no hypothesis');
        return 'new-hypothesis';
      }),
      createEvidence: jest.fn(async (e) => {
        log.push(`evidence:${e.hypothesisId}:${e.type}:${e.check_id}:${e.description}`);
        if (fail.evidence) throw new Error('no evidence');
      }),
      log: jest.fn(),
    };
    return { calls, log };
  }
  const target = { type: 'check' as const, check_id: 'c1' };

  it('a new incident gets a root hypothesis with its title, then the evidence', async () => {
    const { calls, log } = fakeCalls();
    const result = await linkToIncident(
      calls,
      { ...base, incident: { kind: 'new', title: 'Outage' }, severity: 'high', type: 'availability' },
      target,
    );
    expect(result).toEqual({ ok: true, incidentId: 'new-incident' });
    expect(log).toEqual([
      'incident:Outage:high:availability',
      'hypothesis:new-incident:root:Outage',
      'evidence:new-hypothesis:check:c1:seen failing',
    ]);
  });

  it('an existing incident and hypothesis link the evidence only', async () => {
    const { calls, log } = fakeCalls();
    const result = await linkToIncident(
      calls,
      { ...base, incident: existing(), hypothesis: { kind: 'existing', id: 'h1', title: 'Root' } },
      target,
    );
    expect(result).toEqual({ ok: true, incidentId: 'i1' });
    expect(log).toEqual(['evidence:h1:check:c1:seen failing']);
  });

  it('creation failures are logged and stop the flow; an evidence failure is reported', async () => {
    const a = fakeCalls({ incident: true });
    expect(
      await linkToIncident(
        a.calls,
        { ...base, incident: { kind: 'new', title: 'Outage' }, severity: 'high', type: 'cost' },
        target,
      ),
    ).toEqual({ ok: false, stage: 'create' });
    expect(a.calls.log).toHaveBeenCalledTimes(1);
    expect(a.calls.createEvidence).not.toHaveBeenCalled();

    const b = fakeCalls({ hypothesis: true });
    expect(
      await linkToIncident(
        b.calls,
        { ...base, incident: existing(), hypothesis: { kind: 'new', title: 'Disk' } },
        target,
      ),
    ).toEqual({ ok: false, stage: 'create' });
    expect(b.calls.createEvidence).not.toHaveBeenCalled();

    const c = fakeCalls({ evidence: true });
    const result = await linkToIncident(
      c.calls,
      { ...base, incident: existing(), hypothesis: { kind: 'existing', id: 'h1', title: 'Root' } },
      target,
    );
    expect(result).toMatchObject({ ok: false, stage: 'evidence' });
    expect(c.calls.log).not.toHaveBeenCalled();
  });
});
