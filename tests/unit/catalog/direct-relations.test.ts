import { directRelationsEndpoint } from '@/lib/catalog/configs-endpoints';
import { relationsByItem } from '@/lib/catalog/direct-relations';

/** The Relationships table's Relation column (spec 000 §7 config_relationships, issue 37). */

describe("an item's own relationships", () => {
  it('reads config_relationships both ways, live ones only, without the recursive walk', () => {
    expect(directRelationsEndpoint('x1').path).toBe(
      '/db/config_relationships?select=config_id,related_id,relation&or=(config_id.eq.x1,related_id.eq.x1)&deleted_at=is.null&limit=2000',
    );
  });

  it('names how each neighbour is related, whichever side it is on, kinds sorted and joined', () => {
    const byItem = relationsByItem('me', [
      { config_id: 'me', related_id: 'a', relation: 'hard' },
      { config_id: 'b', related_id: 'me', relation: 'Alias' },
      { config_id: 'me', related_id: 'b', relation: 'hard' },
      { config_id: 'c', related_id: 'me', relation: '' },
      { config_id: 'me', related_id: 'me', relation: 'hard' },
    ]);
    expect(Object.fromEntries(byItem)).toEqual({ a: 'hard', b: 'Alias, hard', c: 'related' });
  });
});
