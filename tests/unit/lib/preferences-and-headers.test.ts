import {
  clampCardWidth,
  DEFAULT_PREFERENCES,
  parsePreferences,
  serializePreferences,
} from '@/lib/preferences/preferences';
import { contentSecurityPolicy, frameAncestorsFor } from '@/lib/server/security-headers';

describe('preferences cookie', () => {
  it('defaults to timestamp, Browser, 554px, hidden shown, deleted hidden', () => {
    expect(parsePreferences(undefined)).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toMatchObject({
      datetimeFormat: 'timestamp',
      timezone: 'Browser',
      cardWidth: 554,
      showHiddenComponents: true,
      showDeletedConfigs: false,
    });
  });

  it('round-trips and repairs each malformed field on its own', () => {
    const prefs = {
      ...DEFAULT_PREFERENCES,
      cardWidth: 300,
      timezone: 'Europe/Berlin',
      theme: 'dark' as const,
    };
    expect(parsePreferences(serializePreferences(prefs))).toEqual(prefs);
    expect(parsePreferences('%7Bnot json')).toEqual(DEFAULT_PREFERENCES);
    const repaired = parsePreferences(
      encodeURIComponent(JSON.stringify({ cardWidth: 9999, datetimeFormat: 'full' })),
    );
    expect(repaired.cardWidth).toBe(554);
    expect(repaired.datetimeFormat).toBe('full');
  });

  it('snaps the card width to 250–768 in steps of 2', () => {
    expect(clampCardWidth(100)).toBe(250);
    expect(clampCardWidth(1000)).toBe(768);
    expect(clampCardWidth(555)).toBe(556);
    expect(clampCardWidth(Number.NaN)).toBe(554);
  });
});

describe('content security policy', () => {
  it('uses a nonce with strict-dynamic and no unsafe-eval in production', () => {
    const csp = contentSecurityPolicy({ nonce: 'abc', development: false, frameAncestors: [] });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('lets only the /view pages be framed, by the configured origins', () => {
    expect(frameAncestorsFor('/view/health', 'https://wall.example http://tv.local:8080 bad;value')).toEqual([
      'https://wall.example',
      'http://tv.local:8080',
    ]);
    expect(frameAncestorsFor('/health', 'https://wall.example')).toEqual([]);
  });
});
