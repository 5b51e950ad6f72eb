/**
 * Merges Tailwind class lists so that a later utility replaces an earlier one of the same kind ("px-2" then "px-4"
 * keeps "px-4"; "p-2" then "px-4" keeps both; "px-4" then "p-2" keeps "p-2"), like tailwind-merge does, for the
 * utilities this console uses. tailwind-merge's full table costs ~8 kB gzipped on every page; this one about 2 kB.
 * A unit test compares it with tailwind-merge over every class string in components/ and app/. Measured again for
 * issue 30: tailwind-merge would add 6–7 kB to every page's first load (docs/measurements.md).
 */

/** Utilities that are a kind on their own, listed per kind (a compact table: it ships with every page). */
const EXACT_BY_GROUP: Record<string, string> = {
  display:
    'block inline-block inline flex inline-flex grid inline-grid hidden contents table table-row table-cell',
  position: 'static fixed absolute relative sticky',
  visibility: 'visible invisible collapse',
  'text-overflow': 'truncate text-ellipsis text-clip',
  'text-decoration': 'underline overline line-through no-underline',
  'text-transform': 'uppercase lowercase capitalize normal-case',
  'font-style': 'italic not-italic',
  sr: 'sr-only not-sr-only',
  'fvn-spacing': 'tabular-nums proportional-nums',
  'border-collapse': 'border-collapse border-separate',
  'ring-inset': 'ring-inset',
};
const EXACT = new Map(
  Object.entries(EXACT_BY_GROUP).flatMap(([group, names]) =>
    names.split(' ').map((name) => [name, group] as const),
  ),
);

const words = (list: string) => new Set(list.split(' '));
const TEXT_SIZES = words('xs sm base lg xl 2xl 3xl 4xl 5xl 6xl 7xl 8xl 9xl');
const TEXT_ALIGN = words('left center right justify start end');
const TEXT_WRAP = words('wrap nowrap balance pretty');
const FONT_WEIGHTS = words('thin extralight light normal medium semibold bold extrabold black');
const BORDER_STYLES = words('solid dashed dotted double hidden none');
const LENGTH = /^(\d+(\.\d+)?|px|\[\d[^\]]*(px|rem|em)\]|\(length:[^)]*\))$/;

/** Utility prefixes whose value never changes the kind: `<prefix>-<anything>` is one group. Longest first. */
const PREFIX_GROUPS =
  'scroll-my scroll-mx scroll-m underline-offset appearance translate-x translate-y pointer-events grid-cols grid-rows col-span row-span col-start col-end backdrop-blur space-x space-y inset-x inset-y gap-x gap-y min-w min-h max-w max-h whitespace tracking leading duration opacity justify-items justify-self justify content cursor select inset items place-items place-content self order basis touch break delay ease align list caption rotate scale origin object aspect shadow size top right bottom left start end grow shrink z w h p px py pt pr pb pl ps pe m mx my mt mr mb ml ms me gap'
    .split(' ')
    .sort((a, b) => b.length - a.length);

const SIDES = 'x y t r b l s e'.split(' ');
const CORNERS = 't r b l s e tl tr br bl ss se ee es'.split(' ');

/** Later groups on the left replace earlier groups on the right, too (a shorthand over its parts). */
const CONFLICTS: Record<string, string> = {
  p: 'px py pt pr pb pl ps pe',
  px: 'pr pl',
  py: 'pt pb',
  m: 'mx my mt mr mb ml ms me',
  mx: 'mr ml',
  my: 'mt mb',
  gap: 'gap-x gap-y',
  size: 'w h',
  inset: 'inset-x inset-y top right bottom left start end',
  'inset-x': 'right left',
  'inset-y': 'top bottom',
  overflow: 'overflow-x overflow-y',
  'border-w': 'border-w-x border-w-y border-w-t border-w-r border-w-b border-w-l border-w-s border-w-e',
  'border-w-x': 'border-w-r border-w-l',
  'border-w-y': 'border-w-t border-w-b',
  rounded:
    'rounded-t rounded-r rounded-b rounded-l rounded-s rounded-e rounded-tl rounded-tr rounded-br rounded-bl rounded-ss rounded-se rounded-ee rounded-es',
  'rounded-t': 'rounded-tl rounded-tr',
  'rounded-r': 'rounded-tr rounded-br',
  'rounded-b': 'rounded-br rounded-bl',
  'rounded-l': 'rounded-tl rounded-bl',
  'text-size': 'leading',
  flex: 'basis grow shrink',
};

function prefixGroup(utility: string): string | null {
  for (const prefix of PREFIX_GROUPS)
    if (utility.startsWith(`${prefix}-`) || utility === prefix) return prefix;
  return null;
}

/** The kind of a utility without its variants, `!` and leading `-`, or null when it conflicts with nothing. */
export function utilityGroup(utility: string): string | null {
  const exact = EXACT.get(utility);
  if (exact) return exact;
  // An arbitrary property conflicts with the same property only (`[scrollbar-width:none]`), as in tailwind-merge.
  if (utility.startsWith('[')) return /^(\[[a-z-]+):.+\]$/.exec(utility)?.[1] ?? null;
  const [head = '', ...rest] = utility.split('-');
  const value = rest.join('-');
  const bare = value.split('/')[0] ?? '';
  switch (head) {
    case 'text':
      if (TEXT_SIZES.has(bare) || /^\[\d/.test(bare) || bare.startsWith('(length:')) return 'text-size';
      if (TEXT_ALIGN.has(value)) return 'text-align';
      if (TEXT_WRAP.has(value)) return 'text-wrap';
      return 'text-color';
    case 'font':
      return FONT_WEIGHTS.has(value) ? 'font-weight' : 'font-family';
    case 'bg':
      return 'bg-color';
    case 'border': {
      if (value === '' || LENGTH.test(value)) return 'border-w';
      const side = rest[0] ?? '';
      if (SIDES.includes(side) && (rest.length === 1 || LENGTH.test(rest.slice(1).join('-'))))
        return `border-w-${side}`;
      if (BORDER_STYLES.has(value)) return 'border-style';
      return 'border-color';
    }
    case 'rounded': {
      const corner = rest[0] ?? '';
      return CORNERS.includes(corner) ? `rounded-${corner}` : 'rounded';
    }
    case 'ring':
      if (value === '' || LENGTH.test(value)) return 'ring-w';
      if (rest[0] === 'offset')
        return LENGTH.test(rest.slice(1).join('-')) ? 'ring-offset-w' : 'ring-offset-color';
      return 'ring-color';
    case 'outline':
      if (value === '' || value === 'none' || value === 'hidden' || BORDER_STYLES.has(value))
        return 'outline-style';
      if (LENGTH.test(value)) return 'outline-w';
      if (rest[0] === 'offset') return 'outline-offset';
      return 'outline-color';
    case 'overflow':
      return rest[0] === 'x' || rest[0] === 'y' ? `overflow-${rest[0]}` : 'overflow';
    case 'flex':
      if (/^(row|col)(-reverse)?$/.test(value)) return 'flex-direction';
      if (/^(wrap|nowrap|wrap-reverse)$/.test(value)) return 'flex-wrap';
      return 'flex';
    case 'divide':
      if (rest[0] === 'x' || rest[0] === 'y')
        return rest.length === 1 || LENGTH.test(rest.slice(1).join('-')) ? `divide-${rest[0]}` : null;
      return 'divide-color';
    case 'animate':
      // tw-animate-css's animate-in/animate-out are not animations of their own; tailwind-merge keeps them all.
      return /^(none|spin|ping|pulse|bounce|\[.*\])$/.test(value) ? 'animate' : null;
    case 'transition':
      return 'transition';
    case 'decoration':
      return 'decoration';
    case 'table':
      return 'table-layout';
    default:
      return prefixGroup(utility);
  }
}

/** Splits `md:hover:!-mt-2` into its variant key (sorted, as their order does not change the rule) and utility. */
function parse(className: string): { key: string; utility: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, i));
      start = i + 1;
    }
  }
  let utility = className.slice(start);
  let important = '';
  if (utility.startsWith('!')) {
    important = '!';
    utility = utility.slice(1);
  } else if (utility.endsWith('!')) {
    important = '!';
    utility = utility.slice(0, -1);
  }
  if (utility.startsWith('-')) utility = utility.slice(1);
  return { key: `${parts.sort().join(':')}${important}`, utility };
}

/** Keeps, for every variant and kind, only the last utility; unknown utilities are all kept, in their order. */
export function mergeClassNames(classList: string): string {
  const classes = classList.trim().split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i];
    if (!className) continue;
    const { key, utility } = parse(className);
    const group = utilityGroup(utility);
    if (group === null) {
      kept.push(className);
      continue;
    }
    const id = `${key}|${group}`;
    if (taken.has(id)) continue;
    taken.add(id);
    for (const conflict of CONFLICTS[group]?.split(' ') ?? []) taken.add(`${key}|${conflict}`);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
