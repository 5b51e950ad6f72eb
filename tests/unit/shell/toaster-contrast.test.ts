import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The toaster's colours against WCAG AA (4.5:1 for its text): sonner's stylesheet as installed, with the shell's
 * overrides in app/globals.css applied over it, for every toast kind in the light and the dark theme. A sonner
 * upgrade that changes its colours, or an override that goes, fails here before a page's axe check does.
 */

const root = join(__dirname, '..', '..', '..');
const sonnerCss = readFileSync(join(root, 'node_modules/sonner/dist/styles.css'), 'utf8');
const globalsCss = readFileSync(join(root, 'app/globals.css'), 'utf8');

/** The custom properties of every rule whose selector is exactly `selector`, in stylesheet order. */
function properties(css: string, selector: string): Record<string, string> {
  const found: Record<string, string> = {};
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const block of css.matchAll(new RegExp(`(?:^|\\n|\\})\\s*${escaped}\\s*\\{([^}]*)\\}`, 'g'))) {
    for (const [, name, value] of block[1]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g))
      found[name!] = value!.trim();
  }
  return found;
}

type Rgb = [number, number, number];

function parseColour(value: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255) as Rgb;
  }
  const hsl = /^hsl\(\s*([\d.]+)\s*,\s*([\d.]+)%\s*,\s*([\d.]+)%\s*\)$/.exec(value);
  if (!hsl) throw new Error(`not a colour this test reads: ${value}`);
  const [h, s, l] = [Number(hsl[1]) % 360, Number(hsl[2]) / 100, Number(hsl[3]) / 100];
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(parseColour(a)), luminance(parseColour(b))].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** A theme's resolved variables: sonner's base and theme rules, then the shell's overrides for that theme. */
function themeVariables(theme: 'light' | 'dark'): (name: string) => string {
  const themeSelector = `[data-sonner-toaster][data-sonner-theme='${theme}']`;
  const vars = {
    ...properties(sonnerCss, '[data-sonner-toaster]'),
    ...properties(sonnerCss, themeSelector),
    ...properties(globalsCss, `:root ${themeSelector}`),
  };
  const resolve = (name: string): string => {
    const value = vars[name];
    if (!value) throw new Error(`${name} is not set in the ${theme} theme`);
    const reference = /^var\((--[\w-]+)\)$/.exec(value);
    return reference ? resolve(reference[1]!) : value;
  };
  return resolve;
}

const AA = 4.5;

describe.each(['light', 'dark'] as const)('the toaster in the %s theme', (theme) => {
  const v = themeVariables(theme);

  it.each(['success', 'info', 'warning', 'error'])(
    '%s toasts: the title, description and close button text reach 4.5:1',
    (kind) => {
      // Rich colours: the toast, its title and description (inherit) and its close button share one text and one background.
      expect(contrast(v(`--${kind}-text`), v(`--${kind}-bg`))).toBeGreaterThanOrEqual(AA);
    },
  );

  it('plain and loading toasts reach 4.5:1, their description too', () => {
    expect(contrast(v('--normal-text'), v('--normal-bg'))).toBeGreaterThanOrEqual(AA);
    // sonner's description colour: #3f3f3f in light, hsl(0, 0%, 91%) in dark (not variables; read from its rules).
    const description = theme === 'light' ? '#3f3f3f' : 'hsl(0, 0%, 91%)';
    expect(sonnerCss).toContain(`color: ${description};`);
    expect(contrast(description, v('--normal-bg'))).toBeGreaterThanOrEqual(AA);
  });
});

describe('the colour reader', () => {
  it('reads hex and hsl colours and gives the WCAG ratios', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('hsl(0, 0%, 100%)', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 on white is the well-known AA threshold (4.54:1).
    expect(contrast('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrast('hsl(0, 100%, 50%)', '#fff')).toBeCloseTo(contrast('#ff0000', '#fff'), 5);
  });
});
