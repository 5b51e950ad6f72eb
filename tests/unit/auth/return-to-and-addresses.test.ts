/**
 * @jest-environment node
 */
import { isKratosCookie, MemoryCookieJar, parseSetCookie } from '@/lib/auth/kratos/cookies';
import { flowErrorOutcome, localAddress, pageUrl } from '@/lib/auth/kratos/flow-errors';
import { landingPath, loginUrl, safeReturnTo } from '@/lib/auth/return-to';
import { HOSTILE_RETURN_TO, staysOnOrigin } from './hostile-return-to';

const ORIGIN = 'https://console.example';
const ctx = { returnTo: '/health', origin: ORIGIN };

describe('the one return_to check (issue 13 §3)', () => {
  it(`has a table of ${HOSTILE_RETURN_TO.length} hostile values`, () => {
    expect(HOSTILE_RETURN_TO.length).toBeGreaterThanOrEqual(60);
  });

  it.each(HOSTILE_RETURN_TO.map((v) => [JSON.stringify(v).slice(0, 60), v]))(
    '%s falls back to / everywhere the auth code builds an address',
    (_label, target) => {
      expect(safeReturnTo(target)).toBe('/');
      expect(landingPath(target)).toBe('/topology');
      expect(loginUrl(target)).toBe('/login');
      expect(pageUrl('login', { return_to: safeReturnTo(target) })).toBe('/login');
      for (const address of [safeReturnTo(target), landingPath(target), loginUrl(target)])
        expect(staysOnOrigin(address)).toBe(true);
      // The identity server's redirect addresses go through the same check (relative, and on our own origin).
      const relative = localAddress(target, ctx);
      expect(relative === undefined || staysOnOrigin(relative)).toBe(true);
      const absolute = localAddress(`${ORIGIN}${target.startsWith('/') ? target : `/${target}`}`, ctx);
      expect(absolute === undefined || staysOnOrigin(absolute)).toBe(true);
    },
  );

  it.each([undefined, null, 42, ['/health'], { toString: () => '/health' }])(
    '%p (not a string) falls back to /',
    (value) => {
      expect(safeReturnTo(value)).toBe('/');
    },
  );

  it.each([
    ['/health', '/health'],
    ['/health?hidePassing=false&groupBy=no-group', '/health?hidePassing=false&groupBy=no-group'],
    ['/topology/01H8?tab=checks#x', '/topology/01H8?tab=checks#x'],
    ['/catalog?q=a%2Fb%2e', '/catalog?q=a%2Fb%2e'],
    ['/incidents?status=open&q=%E2%9C%93', '/incidents?status=open&q=%E2%9C%93'],
    ['/settings/users/%C3%A9', '/settings/users/%C3%A9'],
    ['/@evil.example', '/@evil.example'],
    ['/health?next=//evil.example', '/health?next=//evil.example'],
  ])('keeps the plain path %s', (target, expected) => {
    expect(safeReturnTo(target)).toBe(expected);
    expect(staysOnOrigin(expected)).toBe(true);
  });

  it('flow page addresses keep return_to and drop the default', () => {
    expect(pageUrl('settings', { return_to: '/a?b=1', notice: 'x' })).toBe(
      '/profile-settings?return_to=%2Fa%3Fb%3D1&notice=x',
    );
    expect(pageUrl('login', { return_to: '/' })).toBe('/login');
  });
});

describe("the identity server's redirect addresses", () => {
  it('map its browser endpoints to our pages and keep only same-origin paths', () => {
    expect(localAddress('http://kratos:4433/self-service/login/browser?aal=aal2', ctx)).toBe(
      '/login?aal=aal2&return_to=%2Fhealth',
    );
    expect(localAddress('http://kratos:4433/self-service/login/browser?refresh=true', ctx)).toBe(
      '/login?refresh=true&return_to=%2Fhealth',
    );
    expect(localAddress('https://console.example/profile-settings?flow=1', ctx)).toBe(
      '/profile-settings?flow=1',
    );
    expect(localAddress('https://evil.example/profile-settings', ctx)).toBeUndefined();
    expect(localAddress('//evil.example/x', ctx)).toBeUndefined();
    expect(localAddress('https://console.example/.//evil.example', ctx)).toBeUndefined();
    expect(localAddress(undefined, ctx)).toBeUndefined();
  });

  it('second factor and refresh never redirect to a foreign address', () => {
    const aal2 = flowErrorOutcome(
      'login',
      'submit',
      403,
      { error: { id: 'session_aal2_required' }, redirect_browser_to: 'https://evil.example/' },
      ctx,
    );
    expect(aal2).toEqual({ kind: 'redirect', to: '/login?aal=aal2&return_to=%2Fhealth' });
    const refresh = flowErrorOutcome(
      'settings',
      'submit',
      403,
      { error: { id: 'session_refresh_required' } },
      ctx,
    );
    expect(refresh).toEqual({ kind: 'redirect', to: '/login?refresh=true&return_to=%2Fhealth' });
  });

  it('other failures are errors with the server reason', () => {
    expect(flowErrorOutcome('login', 'submit', 500, { error: { reason: 'db down' } }, ctx)).toEqual({
      kind: 'error',
      status: 500,
      message: 'db down',
    });
  });
});

describe('cookie relay', () => {
  it('keeps attributes but never the Domain, and only Kratos cookies', () => {
    const c = parseSetCookie(
      'ory_kratos_session=abc%3D; Path=/; Domain=kratos.internal; HttpOnly; Secure; SameSite=Strict; Max-Age=60',
    );
    expect(c).toEqual({
      name: 'ory_kratos_session',
      value: 'abc=',
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      maxAge: 60,
    });
    expect(isKratosCookie('csrf_token_82b1')).toBe(true);
    expect(isKratosCookie('authjs.session-token')).toBe(false);
    const jar = new MemoryCookieJar([
      ['authjs.session-token', 'secret'],
      ['csrf_token_1', 'c'],
    ]);
    expect(jar.header()).toBe('csrf_token_1=c');
    jar.apply(['ory_kratos_session=s; Path=/', 'other=x; Path=/']);
    expect(jar.header()).toBe('csrf_token_1=c; ory_kratos_session=s');
    jar.apply(['ory_kratos_session=; Path=/; Max-Age=0']);
    expect(jar.header()).toBe('csrf_token_1=c');
  });
});
