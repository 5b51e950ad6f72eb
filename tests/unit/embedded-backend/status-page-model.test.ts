/** @jest-environment node */
import {
  checkGroupEntryStatus,
  componentEntryStatus,
  dayState,
  isValidSlug,
  overallStatus,
  publicIncidentState,
  uptimePercent,
  uptimeWindow,
} from '@/lib/embedded-backend/endpoints/shared/status-page-model';

/** The public status page's rules (issue 38), apart from SQL. */
describe('status page model', () => {
  it('reads a component status as the public sees it', () => {
    expect(componentEntryStatus('healthy')).toBe('operational');
    expect(componentEntryStatus('Warning')).toBe('degraded');
    expect(componentEntryStatus('unhealthy')).toBe('outage');
    expect(componentEntryStatus('unknown')).toBe('unknown');
    expect(componentEntryStatus(null)).toBe('unknown');
  });

  it('reads a check group from its checks: all up, some down, all down, none run', () => {
    expect(checkGroupEntryStatus({ healthy: 4, unhealthy: 0 })).toBe('operational');
    expect(checkGroupEntryStatus({ healthy: 3, unhealthy: 1 })).toBe('degraded');
    expect(checkGroupEntryStatus({ healthy: 0, unhealthy: 2 })).toBe('outage');
    expect(checkGroupEntryStatus({ healthy: 0, unhealthy: 0 })).toBe('unknown');
  });

  it('turns a day of results into a bar and a floored percentage', () => {
    expect(dayState(1000, 1000)).toBe('operational');
    expect(dayState(995, 1000)).toBe('operational');
    expect(dayState(994, 1000)).toBe('degraded');
    expect(dayState(950, 1000)).toBe('degraded');
    expect(dayState(949, 1000)).toBe('outage');
    expect(uptimePercent(99_999, 100_000)).toBe(99.99);
    expect(uptimePercent(0, 0)).toBeNull();
    expect(uptimePercent(1, 3)).toBe(33.33);
  });

  it('gives the headline: unknown only without known entries, major when half or more are out', () => {
    expect(overallStatus([])).toBe('unknown');
    expect(overallStatus(['unknown'])).toBe('unknown');
    expect(overallStatus(['operational', 'unknown'])).toBe('operational');
    expect(overallStatus(['operational', 'degraded'])).toBe('degraded');
    expect(overallStatus(['operational', 'operational', 'outage'])).toBe('partial_outage');
    expect(overallStatus(['operational', 'outage'])).toBe('major_outage');
    expect(overallStatus(['degraded', 'outage', 'outage'])).toBe('major_outage');
  });

  it('spans 90 UTC days ending today', () => {
    const w = uptimeWindow(new Date('2026-12-06T23:59:00Z'));
    expect(w).toEqual({ from: '2026-09-08', to: '2026-12-06', start: new Date('2026-09-08T00:00:00Z') });
  });

  it("takes an incident's public state from its updates, and resolved once the incident is", () => {
    const at = (s: string) => new Date(`2026-12-0${s}T00:00:00Z`);
    const open = { resolved: null, closed: null };
    expect(publicIncidentState([], open)).toEqual({ status: 'investigating', resolvedAt: null });
    expect(
      publicIncidentState(
        [
          { status: 'investigating', at: at('1') },
          { status: 'monitoring', at: at('2') },
        ],
        open,
      ),
    ).toEqual({ status: 'monitoring', resolvedAt: null });
    expect(
      publicIncidentState(
        [
          { status: 'resolved', at: at('4') },
          { status: 'resolved', at: at('3') },
          { status: 'identified', at: at('2') },
        ],
        open,
      ),
    ).toEqual({ status: 'resolved', resolvedAt: at('3') });
    expect(
      publicIncidentState([{ status: 'identified', at: at('2') }], { resolved: at('5'), closed: null }),
    ).toEqual({ status: 'resolved', resolvedAt: at('5') });
  });

  it('accepts slugs of lower-case words joined by single hyphens', () => {
    for (const ok of ['acme', 'acme-shop', 'a1-b2-c3']) expect(isValidSlug(ok)).toBe(true);
    for (const bad of ['', 'Acme', 'acme--shop', '-acme', 'acme-', 'acme.json', 'a b', 'x'.repeat(65)])
      expect(isValidSlug(bad)).toBe(false);
  });
});
