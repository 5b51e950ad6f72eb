import {
  clickTriState,
  matchesTriState,
  setTriState,
  toggleTriState,
  type TriStateMap,
} from '@/lib/filters/tri-state';
import {
  encodeLabelFilters,
  encodeLabelsJson,
  encodeTriStateParam,
  escapeFilterValue,
  labelId,
  parseLabelFilters,
  parseLabelsJson,
  parseTriStateParam,
  splitLabelId,
  unescapeFilterValue,
} from '@/lib/filters/url-encoding';

describe('tri-state filters', () => {
  it('neutral → include → neutral; include → exclude; clicking the active state returns to neutral', () => {
    expect(toggleTriState(0, 1)).toBe(1);
    expect(toggleTriState(1, 1)).toBe(0);
    expect(toggleTriState(1, -1)).toBe(-1);
    expect(toggleTriState(-1, -1)).toBe(0);
    expect(toggleTriState(-1, 1)).toBe(1);
  });
  it('updates maps immutably and drops neutral keys', () => {
    const m0: TriStateMap = {};
    const m1 = clickTriState(m0, 'a', 1);
    expect(m1).toEqual({ a: 1 });
    expect(m0).toEqual({});
    expect(clickTriState(m1, 'a', 1)).toEqual({});
    expect(clickTriState(m1, 'a', -1)).toEqual({ a: -1 });
    expect(setTriState({ a: 1 }, 'a', 0)).toEqual({});
  });
  it('matches values client-side', () => {
    expect(matchesTriState({}, 'x')).toBe(true);
    expect(matchesTriState({ x: 1 }, 'x')).toBe(true);
    expect(matchesTriState({ x: 1 }, 'y')).toBe(false);
    expect(matchesTriState({ x: -1 }, 'x')).toBe(false);
    expect(matchesTriState({ x: -1 }, 'y')).toBe(true);
    expect(matchesTriState({ x: 1, z: -1 }, ['x', 'z'])).toBe(false);
  });
});

describe('URL encoding of filter values', () => {
  const nasty = ['a,b', 'k:v', '%2C', 'x%3Ay', '100%', 'plain', 'a,b:c%d', '::,,', 'üñí'];
  it('escapes commas and colons and round-trips every string', () => {
    expect(escapeFilterValue('a,b:c')).not.toMatch(/[,:]/);
    for (const s of nasty) expect(unescapeFilterValue(escapeFilterValue(s))).toBe(s);
  });
  it('round-trips tri-state maps through a URLSearchParams value', () => {
    const map: TriStateMap = {};
    nasty.forEach((s, i) => (map[s] = i % 2 ? 1 : -1));
    const p = new URLSearchParams();
    p.set('status', encodeTriStateParam(map));
    const back = new URLSearchParams(p.toString()).get('status');
    expect(parseTriStateParam(back)).toEqual(map);
  });
  it('logs and ignores bad tri-state entries', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseTriStateParam('ok:1,bad,worse:2,:1,fine:-1')).toEqual({ ok: 1, fine: -1 });
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });
  it('round-trips label filters with commas and colons in keys and values', () => {
    const labels = [
      { key: 'app.kubernetes.io/name', value: 'a:b,c', state: 1 as const },
      { key: 'k,8', value: '', state: -1 as const },
    ];
    const encoded = encodeLabelFilters(labels);
    expect(encoded.split(',')).toHaveLength(2);
    expect(parseLabelFilters(encoded)).toEqual(labels);
  });
  it('logs and ignores bad label filters', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseLabelFilters('a:b:1,a:b,c:d:5')).toEqual([{ key: 'a', value: 'b', state: 1 }]);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
  it('encodes and parses the JSON map form labels={"id":1|-1}', () => {
    const map: TriStateMap = { [labelId('env', 'prod')]: 1, [labelId('team', 'a=b')]: -1 };
    const encoded = encodeLabelsJson(map);
    expect(JSON.parse(encoded)).toEqual({ 'env=prod': 1, 'team=a=b': -1 });
    expect(parseLabelsJson(encoded)).toEqual(map);
    expect(splitLabelId('team=a=b')).toEqual({ key: 'team', value: 'a=b' });
    expect(encodeLabelsJson({})).toBe('');
  });
  it('logs and ignores a JSON label value that fails to parse', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseLabelsJson('{not json')).toEqual({});
    expect(parseLabelsJson('[1]')).toEqual({});
    expect(parseLabelsJson('{"a":1,"b":2,"c":"-1"}')).toEqual({ a: 1, c: -1 });
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });
});
