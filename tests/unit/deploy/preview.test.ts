/** @jest-environment node */
import { deploymentConfigurationProblem, getEnv } from '@/lib/env';
import { previewInfo } from '@/lib/preview';
import { applySecurityHeaders } from '@/lib/server/security-headers';

const KEYS = [
  'PREVIEW',
  'PREVIEW_LABEL',
  'PREVIEW_COMMIT',
  'GITHUB_HEAD_REF',
  'GITHUB_SHA',
  'CI_COMMIT_REF_NAME',
  'CI_COMMIT_SHA',
  'DATABASE_URL',
  'AUTH_SECRET',
  'NODE_ENV',
] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function setEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  const env = process.env as Record<string, string | undefined>;
  for (const key of KEYS) delete env[key];
  env.NODE_ENV = 'test';
  Object.assign(env, values);
}

afterAll(() => {
  const env = process.env as Record<string, string | undefined>;
  for (const key of KEYS) {
    if (saved[key] === undefined) delete env[key];
    else env[key] = saved[key];
  }
});

describe('preview deployments: which preview this is', () => {
  it('is not a preview by default, nor with only CI commit variables set', () => {
    setEnv({ GITHUB_SHA: 'a'.repeat(40), GITHUB_HEAD_REF: 'feature/x' });
    expect(previewInfo()).toBeUndefined();
  });

  it('PREVIEW=1 names the preview from PREVIEW_LABEL and shortens a full commit id', () => {
    setEnv({
      PREVIEW: '1',
      PREVIEW_LABEL: 'PR 412: faster lists',
      PREVIEW_COMMIT: '0123456789abcdef0123456789abcdef01234567',
    });
    expect(previewInfo()).toEqual({ label: 'PR 412: faster lists', commit: '0123456' });
  });

  it('a label alone turns preview mode on', () => {
    setEnv({ PREVIEW_LABEL: 'pr-7' });
    expect(previewInfo()).toEqual({ label: 'pr-7' });
  });

  it("falls back to CI's names (GitHub, then GitLab) and to 'preview'", () => {
    setEnv({
      PREVIEW: 'true',
      GITHUB_HEAD_REF: 'feature/login',
      GITHUB_SHA: 'fedcba9876543210fedcba9876543210fedcba98',
    });
    expect(previewInfo()).toEqual({ label: 'feature/login', commit: 'fedcba9' });
    setEnv({ PREVIEW: '1', CI_COMMIT_REF_NAME: 'mr-9', CI_COMMIT_SHA: 'abc1234' });
    expect(previewInfo()).toEqual({ label: 'mr-9', commit: 'abc1234' });
    setEnv({ PREVIEW: '1' });
    expect(previewInfo()).toEqual({ label: 'preview' });
  });

  it('cuts a long CI branch name and removes control characters; ignores a CI commit that is not an id', () => {
    setEnv({ PREVIEW: '1', GITHUB_HEAD_REF: `a\u0007b${'x'.repeat(200)}`, GITHUB_SHA: 'not a sha; rm -rf' });
    const info = previewInfo();
    expect(info?.label).toHaveLength(80);
    expect(info?.label.startsWith('a b')).toBe(true);
    expect(info?.label.endsWith('…')).toBe(true);
    expect(info?.commit).toBeUndefined();
  });

  it('refuses an explicit label or commit that cannot be shown, with the variable named', () => {
    setEnv({ PREVIEW: '1', PREVIEW_LABEL: 'x'.repeat(81) });
    expect(() => getEnv()).toThrow(/PREVIEW_LABEL: PREVIEW_LABEL must be at most 80 characters/);
    setEnv({ PREVIEW: '1', PREVIEW_COMMIT: '<script>' });
    expect(() => getEnv()).toThrow(/PREVIEW_COMMIT must be a commit id/);
    setEnv({ PREVIEW: 'maybe' });
    expect(() => getEnv()).toThrow(/PREVIEW/);
  });
});

describe('deployment configuration problems', () => {
  it('refuses a preview on a shared database', () => {
    setEnv({ PREVIEW: '1', DATABASE_URL: 'postgresql://app@db/console' });
    expect(() => getEnv()).toThrow(/preview deployment .* unset DATABASE_URL/);
  });

  it('refuses a production server on a shared database without a shared AUTH_SECRET', () => {
    setEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://app@db/console' });
    expect(() => getEnv()).toThrow(/set AUTH_SECRET \(the same value on every instance\)/);
    setEnv({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://app@db/console',
      AUTH_SECRET: 's'.repeat(32),
    });
    expect(deploymentConfigurationProblem(getEnv())).toBeUndefined();
  });

  it('accepts a development database without AUTH_SECRET (the generated one is shared through .data)', () => {
    setEnv({ NODE_ENV: 'development', DATABASE_URL: 'postgresql://app@db/console' });
    expect(() => getEnv()).not.toThrow();
  });
});

describe('X-Robots-Tag', () => {
  function headers(): Headers {
    const h = new Headers();
    applySecurityHeaders(h, "default-src 'self'", false);
    return h;
  }

  it('is noindex on every response of a preview deployment', () => {
    setEnv({ PREVIEW: '1' });
    expect(headers().get('x-robots-tag')).toBe('noindex, nofollow');
    setEnv({ PREVIEW_LABEL: 'pr-1' });
    expect(headers().get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('is absent outside preview mode', () => {
    setEnv({});
    expect(headers().get('x-robots-tag')).toBeNull();
  });
});
