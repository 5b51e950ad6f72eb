import { defineSearchParams, param } from '@/lib/search-params/define';

/** The URL contract of /settings/users: `id`, the person whose dialog is open (userHref links to it). */
export const usersSearch = defineSearchParams({
  id: param.optionalString(),
});
