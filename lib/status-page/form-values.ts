import { z } from 'zod';
import { optionalText, requiredText } from '@/lib/forms/schema';
import type { StatusPage, StatusPageBody } from '@/lib/status-page/endpoints';

/** The page editor's schema and values (issue 38): one zod schema, whose output is the request body. */

export const SLUG_RULE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = 'Use lower-case letters and digits, words joined by single hyphens';

const entryValues = z.object({
  kind: z.enum(['component', 'check_group']),
  target: requiredText(),
  display_name: requiredText().max(120, { error: 'At most 120 characters' }),
  section: optionalText(),
  show_status: z.boolean(),
  show_uptime: z.boolean(),
  show_incidents: z.boolean(),
});

export const statusPageFormSchema = z
  .object({
    name: requiredText().max(120, { error: 'At most 120 characters' }),
    slug: requiredText()
      .max(64, { error: 'At most 64 characters' })
      .regex(SLUG_RULE, { error: SLUG_MESSAGE }),
    logo_text: optionalText().pipe(z.string().max(40, { error: 'At most 40 characters' })),
    description: optionalText().pipe(z.string().max(500, { error: 'At most 500 characters' })),
    entries: z.array(entryValues).max(100, { error: 'A page has at most 100 entries' }),
  })
  .transform((v): StatusPageBody => ({
    name: v.name,
    slug: v.slug,
    logo_text: v.logo_text || null,
    description: v.description || null,
    entries: v.entries.map((e) => ({
      section: e.section,
      display_name: e.display_name,
      component_id: e.kind === 'component' ? e.target : null,
      canary_id: e.kind === 'check_group' ? e.target : null,
      show_status: e.show_status,
      show_uptime: e.show_uptime,
      show_incidents: e.show_incidents,
    })),
  }));

export type StatusPageFormValues = z.input<typeof statusPageFormSchema>;
export type EntryFormValues = StatusPageFormValues['entries'][number];

export const emptyEntry = (kind: EntryFormValues['kind'], section = ''): EntryFormValues => ({
  kind,
  target: '',
  display_name: '',
  section,
  show_status: true,
  show_uptime: true,
  show_incidents: true,
});

export function statusPageFormValues(page?: StatusPage | null): StatusPageFormValues {
  if (!page) return { name: '', slug: '', logo_text: '', description: '', entries: [] };
  return {
    name: page.name,
    slug: page.slug,
    logo_text: page.logo_text ?? '',
    description: page.description ?? '',
    entries: page.entries.map((e) => ({
      kind: e.kind,
      target: (e.kind === 'component' ? e.component_id : e.canary_id) ?? '',
      display_name: e.display_name,
      section: e.section,
      show_status: e.show_status,
      show_uptime: e.show_uptime,
      show_incidents: e.show_incidents,
    })),
  };
}

/** A slug suggested from the page's name while the slug was not typed by hand. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}
