/** @jest-environment node */
import { CONNECTION_TYPES } from '@/lib/connections/definitions';
import { probeConnection, type ConnectionRow } from '@/lib/embedded-backend/endpoints/connection';

const row = (over: Partial<ConnectionRow>): ConnectionRow => ({
  id: '0190a7e2-5b1c-7c3a-9d4e-2f6a8b0c1d2e',
  name: 'main',
  namespace: 'default',
  type: 'http',
  url: 'https://status.example.com',
  username: 'svc',
  password: 'secret://http-credentials/password',
  certificate: null,
  properties: {},
  deleted_at: null,
  ...over,
});

describe('the connection test outcome', () => {
  it('succeeds for every type with its required values, with a text naming what answered and no stored secret', () => {
    for (const def of CONNECTION_TYPES) {
      const result = probeConnection(
        row({
          type: def.value,
          url: 'https://host.example.com:8443/path',
          properties: {
            host: 'smtp.example.com',
            port: '587',
            region: 'eu-west-1',
            tenant: 't-1',
            path: '/data',
            model: 'gpt',
          },
        }),
      );
      expect([def.value, result.ok]).toEqual([def.value, true]);
      expect(result.text.length).toBeGreaterThan(10);
      expect(result.text).not.toContain('secret://');
    }
  });

  it.each([
    [
      { type: 'postgres', name: 'postgres-legacy-broken', url: 'postgres://db-legacy.svc:5432/app' },
      /^failed to connect to `host=db-legacy\.svc user=svc database=app`: dial error \(dial tcp 10\.\d+\.\d+\.\d+:5432: connect: connection refused\)$/,
    ],
    [
      { type: 'mysql', url: 'mysql://db.invalid:3306/x' },
      /^dial tcp 10\.\d+\.\d+\.\d+:3306: connect: connection refused$/,
    ],
    [
      { type: 'http', url: 'https://status.partner.invalid/health' },
      /^Get "https:\/\/status\.partner\.invalid\/health": dial tcp: lookup status\.partner\.invalid on 10\.96\.0\.10:53: no such host$/,
    ],
    [
      { type: 'slack', name: 'slack-expired-token', url: null },
      /^failed to send message: slack: invalid_auth$/,
    ],
    [{ type: 'aws', name: 'aws-expired-keys', url: null }, /InvalidClientTokenId/],
    [
      {
        type: 'git',
        name: 'git-broken',
        url: 'git@github.com:a/b.git',
        certificate: '-----BEGIN OPENSSH PRIVATE KEY-----',
      },
      /^ssh: handshake failed/,
    ],
    [{ type: 'postgres', url: null }, /^postgres connection "main" has no url$/],
    [{ type: 'postgres', url: 'db.internal:5432' }, /missing protocol scheme/],
    [
      { password: 'secret://missing-creds/password' },
      /^failed to resolve password: secret "missing-creds" not found in namespace "default"$/,
    ],
  ])('fails %j with the real text', (over, text) => {
    const result = probeConnection(row(over));
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(text);
    expect(probeConnection(row(over))).toEqual(result);
  });
});
