import { encodeTriStateParam, parseTriStateParam } from '@/lib/filters/url-encoding';
import type { TriStateMap } from '@/lib/filters/tri-state';
import { param } from '@/lib/search-params/define';

/**
 * Tri-state `key=value` filters as `key=value:1,other=x:-1` with commas and colons escaped inside keys and values
 * (spec 000 §5): the catalog's labels and tags, in the list's and the change feed's URL contracts.
 */
export const triStateKeyValues = () =>
  param
    .custom<TriStateMap>({
      default: {},
      parse: (raw) => {
        const map = parseTriStateParam(raw);
        return Object.keys(map).every((id) => id.includes('=')) && Object.keys(map).length > 0
          ? map
          : undefined;
      },
      serialize: encodeTriStateParam,
    })
    .resettingPage();

/**
 * The Tags filter's chosen `key=value` ids (spec 000 §7 `config_tags`, issue 37), in key order. Include only: the
 * summary's `tags` cannot exclude, so an excluded id (a hand-written address) is ignored by every request alike.
 */
export const includedTags = (tags: TriStateMap): string[] =>
  Object.keys(tags)
    .filter((id) => tags[id] === 1)
    .sort();
