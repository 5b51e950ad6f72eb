import { loginUrl, safeReturnTo } from '@/lib/auth/return-to';

describe('return_to', () => {
  it.each([
    ['/health?checkId=1&timeRange=1h', '/health?checkId=1&timeRange=1h'],
    ['/catalog/abc#x', '/catalog/abc#x'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    'javascript:alert(1)',
    'evil.example',
    '/\nLocation: x',
    '',
    undefined,
    42,
    '/' + 'a'.repeat(3000),
  ])('falls back to / for %p', (input) => {
    expect(safeReturnTo(input)).toBe('/');
  });

  it('builds login addresses', () => {
    expect(loginUrl('/health?x=1')).toBe('/login?return_to=%2Fhealth%3Fx%3D1');
    expect(loginUrl('//evil')).toBe('/login');
  });
});
