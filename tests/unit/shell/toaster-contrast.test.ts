import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultHighlightStyle } from '@codemirror/language';
import { CODE_COLOURS } from '@/components/forms/code-theme';

/**
 * The console's colours against WCAG AA, in the light and the dark theme (issue 37):
 * - the colour tokens of app/globals.css: every foreground token on its background (4.5:1), the text tokens used on
 *   other surfaces (muted text, links, errors), and the UI colours (focus ring, status colours: 3:1);
 * - the toaster: sonner's stylesheet as installed, with the shell's overrides applied over it, for every toast kind.
 * A token edit, a sonner upgrade or an override that goes fails here before a page's axe check does.
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

/** oklch (the tokens' notation) to gamma-encoded sRGB, clipped to the sRGB gamut, by Björn Ottosson's matrices. */
function oklchToRgb(l: number, c: number, hue: number): Rgb {
  const [a, b] = [c * Math.cos((hue * Math.PI) / 180), c * Math.sin((hue * Math.PI) / 180)];
  const lms = [
    (l + 0.3963377774 * a + 0.2158037573 * b) ** 3,
    (l - 0.1055613458 * a - 0.0638541728 * b) ** 3,
    (l - 0.0894841775 * a - 1.291485548 * b) ** 3,
  ] as const;
  const linear = [
    4.0767416621 * lms[0] - 3.3077115913 * lms[1] + 0.2309699292 * lms[2],
    -1.2684380046 * lms[0] + 2.6097574011 * lms[1] - 0.3413193965 * lms[2],
    -0.0041960863 * lms[0] - 0.7034186147 * lms[1] + 1.707614701 * lms[2],
  ];
  const encode = (x: number) => {
    const v = Math.min(1, Math.max(0, x));
    return v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  };
  return linear.map(encode) as Rgb;
}

function parseColour(value: string): Rgb {
  const oklch = /^oklch\(\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\)$/.exec(value);
  if (oklch) return oklchToRgb(Number(oklch[1]), Number(oklch[2]), Number(oklch[3]));
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

/** The tokens of a theme: the light defaults (:root), with the dark block over them for dark. */
function tokens(theme: 'light' | 'dark'): (name: string) => string {
  const vars = {
    ...properties(globalsCss, ':root'),
    ...(theme === 'dark' ? properties(globalsCss, ':root.dark') : {}),
  };
  return (name) => {
    const value = vars[`--${name}`];
    if (!value) throw new Error(`--${name} is not set in the ${theme} theme`);
    return value;
  };
}

/** Brace depth of the stylesheet where `text` starts, and the at-rule that encloses it (if any). */
function nesting(css: string, text: string): { depth: number; enclosing: string | null } {
  const at = css.indexOf(text);
  if (at < 0) throw new Error(`${text} is not in app/globals.css`);
  const opened: string[] = [];
  let statementStart = 0;
  for (let i = 0; i < at; i++) {
    if (css[i] === '{') opened.push(css.slice(statementStart, i).trim());
    if (css[i] === '}') opened.pop();
    if (css[i] === '{' || css[i] === '}' || css[i] === ';') statementStart = i + 1;
  }
  return { depth: opened.length, enclosing: opened.at(-1) ?? null };
}

const text = (name: string) => name.replace(/-foreground$/, '');
/** [foreground token, background token], without the `--`. */
type Pair = [string, string];
/** Every `--x-foreground` token with its `--x` (and foreground on background): text, 4.5:1. */
const FOREGROUND_PAIRS: Pair[] = [
  ['foreground', 'background'],
  ...Object.keys(properties(globalsCss, ':root'))
    .map((name) => name.slice(2))
    .filter((name) => name.endsWith('-foreground'))
    .map((name): Pair => [name, text(name)]),
];
/** Text tokens used on other surfaces: muted text on every surface, links and active items, error text. */
const CROSS_TEXT_PAIRS: Pair[] = [
  ...['background', 'card', 'popover', 'accent', 'sidebar'].map((surface): Pair => [
    'muted-foreground',
    surface,
  ]),
  ...['background', 'card', 'muted', 'accent', 'sidebar'].map((surface): Pair => ['primary', surface]),
  ...['background', 'card', 'popover'].map((surface): Pair => ['destructive', surface]),
  ['foreground', 'muted'],
  ['foreground', 'accent'],
  ['foreground', 'secondary'],
];
/** Colours that mark UI rather than carry text (focus ring, status dots and chart bars): 3:1 (WCAG 1.4.11). */
const UI_PAIRS: Pair[] = [
  ...['background', 'card', 'popover'].map((surface): Pair => ['ring', surface]),
  ...['status-healthy', 'status-unhealthy', 'status-warning', 'status-unknown'].flatMap((status) =>
    ['background', 'card'].map((surface): Pair => [status, surface]),
  ),
];
const UI = 3;

describe.each(['light', 'dark'] as const)('the colour tokens in the %s theme', (theme) => {
  const t = tokens(theme);

  it.each(FOREGROUND_PAIRS)('--%s on --%s reaches 4.5:1', (fg, bg) => {
    expect(contrast(t(fg), t(bg))).toBeGreaterThanOrEqual(AA);
  });

  it.each(CROSS_TEXT_PAIRS)('--%s text on --%s reaches 4.5:1', (fg, bg) => {
    expect(contrast(t(fg), t(bg))).toBeGreaterThanOrEqual(AA);
  });

  it.each(UI_PAIRS)('--%s on --%s reaches 3:1', (fg, bg) => {
    expect(contrast(t(fg), t(bg))).toBeGreaterThanOrEqual(UI);
  });
});

describe.each(['light', 'dark'] as const)('code editors in the %s theme', (theme) => {
  // The highlight style of that mode: CodeMirror's default colours with the console's replacements.
  const colours = defaultHighlightStyle.specs
    .map((spec) => spec.color)
    .filter((colour): colour is string => typeof colour === 'string')
    .map((colour) => CODE_COLOURS[theme][colour] ?? colour);

  it.each(colours)('syntax colour %s reaches 4.5:1 on --background', (colour) => {
    expect(contrast(colour, tokens(theme)('background'))).toBeGreaterThanOrEqual(AA);
  });
});

describe('the dark tokens apply', () => {
  it('sit outside every cascade layer, so the unlayered light defaults cannot override them', () => {
    // Inside @layer base they lost to :root (unlayered rules beat layered ones): Dark changed nothing.
    expect(nesting(globalsCss, ':root.dark {')).toEqual({ depth: 0, enclosing: null });
    expect(nesting(globalsCss, ':root.system {')).toEqual({
      depth: 1,
      enclosing: '@media (prefers-color-scheme: dark)',
    });
  });

  it("give 'system' on a dark operating system the same tokens as Dark", () => {
    expect(properties(globalsCss, ':root.system')).toEqual(properties(globalsCss, ':root.dark'));
  });

  it('set a value for every token the dark block changes, and the dark colour scheme', () => {
    const dark = properties(globalsCss, ':root.dark');
    for (const name of Object.keys(dark)) expect(properties(globalsCss, ':root')).toHaveProperty(name);
    expect(globalsCss).toMatch(/:root\.dark \{[^}]*color-scheme: dark;/);
  });
});

describe('the colour reader', () => {
  it('reads oklch colours: white, black and a mid grey', () => {
    expect(contrast('oklch(1 0 0)', '#fff')).toBeCloseTo(1, 3);
    expect(contrast('oklch(0 0 0)', '#000')).toBeCloseTo(1, 3);
    // #808080 is oklch(0.5999 0 0) (CSS Color 4's worked conversions).
    expect(contrast('oklch(0.6 0 0)', '#808080')).toBeCloseTo(1, 2);
  });

  it('reads hex and hsl colours and gives the WCAG ratios', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('hsl(0, 0%, 100%)', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 on white is the well-known AA threshold (4.54:1).
    expect(contrast('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrast('hsl(0, 100%, 50%)', '#fff')).toBeCloseTo(contrast('#ff0000', '#fff'), 5);
  });
});
