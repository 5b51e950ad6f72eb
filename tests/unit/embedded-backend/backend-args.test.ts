/** @jest-environment node */
import { seedOptionsFromArgs } from '@/scripts/backend-args';

describe('the scale flags of the demo seed', () => {
  it('reads --checks, --config-items and --changes in both spellings', () => {
    expect(seedOptionsFromArgs(['--checks', '5000', '--config-items=50000', '--changes', '200000'])).toEqual({
      checks: 5000,
      configItems: 50_000,
      changes: 200_000,
    });
    expect(seedOptionsFromArgs([])).toEqual({});
  });

  it.each([
    ['--checks', '0'],
    ['--config-items', '1.5'],
    ['--changes', 'lots'],
    ['--config-items', '999999'],
  ])('refuses %s %s', (flag, value) => {
    expect(() => seedOptionsFromArgs([flag, value])).toThrow(new RegExp(`${flag} must be an integer`));
  });
});
