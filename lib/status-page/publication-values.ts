import { z } from 'zod';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';
import { optionalText, requiredChoice, requiredText } from '@/lib/forms/schema';
import { PUBLIC_UPDATE_STATUSES } from '@/lib/status-page/constants';

/** The incident page's public-notice forms (issue 38): the public flag and title, and a public update. */

export const publicationFormSchema = z
  .object({ public: z.boolean(), public_title: optionalText() })
  .refine((v) => !v.public || v.public_title.length > 0, { path: ['public_title'], error: REQUIRED_MESSAGE })
  .refine((v) => v.public_title.length <= 200, { path: ['public_title'], error: 'At most 200 characters' })
  .transform((v) => ({ public: v.public, public_title: v.public_title || null }));

export const publicUpdateFormSchema = z.object({
  status: requiredChoice(PUBLIC_UPDATE_STATUSES),
  body: requiredText().max(5000, { error: 'At most 5000 characters' }),
});
