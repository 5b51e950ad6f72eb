import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { mergeClassNames, utilityGroup } from '@/lib/class-merge';

/** Every string literal in components/ and app/ that reads like a Tailwind class list. */
function classStringsOfTheConsole(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk('components');
  walk('app');
  const found = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(["'`])((?:(?!\1)[^\\\n])*)\1/g)) {
      const text = match[2] ?? '';
      if (
        /^[a-z0-9:[\]/._%#!()\-& >*=,]+$/.test(text) &&
        /(^|\s)(flex|grid|p[xytrbl]?-|m[xytrbl]?-|text-|bg-|w-|h-|rounded|border|gap-)/.test(text)
      ) {
        found.add(text.trim());
      }
    }
  }
  return [...found];
}

/** A small deterministic generator, so a failure names pairs that reproduce. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('mergeClassNames', () => {
  it.each([
    ['px-2 px-4', 'px-4'],
    ['peer appearance-none peer appearance-none', 'peer peer appearance-none'],
    ['appearance-none appearance-auto', 'appearance-auto'],
    ['p-2 px-4', 'p-2 px-4'],
    ['px-4 p-2', 'p-2'],
    ['text-sm text-red-500', 'text-sm text-red-500'],
    ['text-sm text-base', 'text-base'],
    ['text-muted-foreground text-primary', 'text-primary'],
    ['font-medium font-mono', 'font-medium font-mono'],
    ['border border-red-500 border-2', 'border-red-500 border-2'],
    ['border-b border-t', 'border-b border-t'],
    ['rounded-md rounded-t-lg', 'rounded-md rounded-t-lg'],
    ['rounded-t-lg rounded-md', 'rounded-md'],
    ['hover:bg-muted bg-primary hover:bg-accent', 'bg-primary hover:bg-accent'],
    ['md:hover:px-2 hover:md:px-4', 'hover:md:px-4'],
    ['-mt-2 mt-4', 'mt-4'],
    ['h-9 size-8', 'size-8'],
    ['flex hidden', 'hidden'],
    ['flex flex-col flex-1', 'flex flex-col flex-1'],
    [
      'ring-2 ring-ring ring-offset-2 ring-offset-background',
      'ring-2 ring-ring ring-offset-2 ring-offset-background',
    ],
    ['overflow-hidden overflow-x-auto', 'overflow-hidden overflow-x-auto'],
    [
      'data-[state=open]:animate-in fade-in-0 zoom-in-95',
      'data-[state=open]:animate-in fade-in-0 zoom-in-95',
    ],
    ['max-h-(--radix-select-content-available-height) max-h-96', 'max-h-96'],
    ['  leading-6   text-sm ', 'text-sm'],
    ['text-sm leading-6', 'text-sm leading-6'],
    ['shrink-0 flex-1', 'flex-1'],
    ['flex-1 grow', 'flex-1 grow'],
    ['animate-pulse animate-spin', 'animate-spin'],
    ['top-1 inset-0', 'inset-0'],
    ['inset-0 top-1', 'inset-0 top-1'],
    ['truncate text-ellipsis', 'text-ellipsis'],
    ['-translate-x-1/2 translate-x-2', 'translate-x-2'],
    ['[scrollbar-width:none] flex [scrollbar-width:thin]', 'flex [scrollbar-width:thin]'],
    ['[scrollbar-width:none] [mask-type:alpha]', '[scrollbar-width:none] [mask-type:alpha]'],
  ])('%s → %s (as tailwind-merge does)', (input, expected) => {
    expect(mergeClassNames(input)).toBe(expected);
    expect(twMerge(input)).toBe(expected);
  });

  it('knows the kind of the utilities the console uses', () => {
    expect(utilityGroup('text-sm')).toBe('text-size');
    expect(utilityGroup('text-center')).toBe('text-align');
    expect(utilityGroup('text-destructive')).toBe('text-color');
    expect(utilityGroup('border-l-2')).toBe('border-w-l');
    expect(utilityGroup('border-destructive/40')).toBe('border-color');
    expect(utilityGroup('fade-in-0')).toBeNull();
  });

  const strings = classStringsOfTheConsole();

  it('finds the class strings of the console', () => {
    expect(strings.length).toBeGreaterThan(200);
  });

  it('merges every class string of the console exactly as tailwind-merge does', () => {
    const differences = strings
      .filter((s) => mergeClassNames(s) !== twMerge(s))
      .map((s) => ({ input: s, ours: mergeClassNames(s), twMerge: twMerge(s) }));
    expect(differences).toEqual([]);
  });

  it('merges 20,000 pairs of the console strings (a base and an override) exactly as tailwind-merge does', () => {
    const random = seeded(20_261_122);
    const differences: { input: string; ours: string; twMerge: string }[] = [];
    for (let i = 0; i < 20_000 && differences.length < 10; i++) {
      const a = strings[Math.floor(random() * strings.length)] ?? '';
      const b = strings[Math.floor(random() * strings.length)] ?? '';
      const input = `${a} ${b}`;
      const ours = mergeClassNames(input);
      const theirs = twMerge(input);
      if (ours !== theirs) differences.push({ input, ours, twMerge: theirs });
    }
    expect(differences).toEqual([]);
  });
});
