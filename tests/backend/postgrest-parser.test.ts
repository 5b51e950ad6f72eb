/** @jest-environment node */
import { evaluateDatemath } from '@/lib/embedded-backend/postgrest/datemath';
import { PostgrestError, fromDriverError, statusForSqlState } from '@/lib/embedded-backend/postgrest/errors';
import { rewriteFilterExtension } from '@/lib/embedded-backend/postgrest/filter-extension';
import {
  parseLogicTree,
  parseOrder,
  parsePrefer,
  parseQuery,
  parseRangeHeader,
  parseSelectList,
} from '@/lib/embedded-backend/postgrest/parser';
import { viewColumnOrigins } from '@/lib/embedded-backend/postgrest/schema-cache';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof PostgrestError ? `${e.status} ${e.code}` : 'other';
  }
  return undefined;
}

describe('select parser', () => {
  it('reads columns, renames, casts and JSON paths', () => {
    expect(parseSelectList('id, name:title ,count::text,labels->>app,cfg:config->spec->>replicas')).toEqual([
      { kind: 'column', field: { column: 'id', json: [] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { column: 'title', json: [] }, alias: 'name', cast: undefined },
      { kind: 'column', field: { column: 'count', json: [] }, alias: undefined, cast: 'text' },
      {
        kind: 'column',
        field: { column: 'labels', json: [{ op: '->>', key: 'app' }] },
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'column',
        field: {
          column: 'config',
          json: [
            { op: '->', key: 'spec' },
            { op: '->>', key: 'replicas' },
          ],
        },
        alias: 'cfg',
        cast: undefined,
      },
    ]);
  });

  it('reads embeds with alias, hint, !inner, nesting and a trailing cast', () => {
    const items = parseSelectList(
      '*,canaries!checks_canary_id_fkey(id,name),hyp:hypotheses!inner(*,created_by(id),evidences(*)),artifacts:artifacts(*)::jsonb',
    );
    expect(items[0]).toEqual({ kind: 'star' });
    expect(items[1]).toMatchObject({
      kind: 'embed',
      name: 'canaries',
      hint: 'checks_canary_id_fkey',
      inner: false,
    });
    expect(items[2]).toMatchObject({ kind: 'embed', name: 'hypotheses', alias: 'hyp', inner: true });
    const hyp = items[2];
    if (hyp?.kind !== 'embed') throw new Error('expected embed');
    expect(hyp.select[1]).toMatchObject({ kind: 'embed', name: 'created_by' });
    expect(hyp.select[2]).toMatchObject({ kind: 'embed', name: 'evidences' });
    expect(items[3]).toMatchObject({ kind: 'embed', name: 'artifacts', alias: 'artifacts' });
  });

  it('rejects malformed select lists with 400 PGRST100', () => {
    expect(codeOf(() => parseSelectList('id,(name'))).toBe('400 PGRST100');
    expect(codeOf(() => parseSelectList('a(b(c(d(e(f(g(h(i(j(k))))))))))'))).toBe('400 PGRST100');
    expect(codeOf(() => parseSelectList('id::regclass'))).toBe('400 PGRST100');
    expect(codeOf(() => parseSelectList('id,,name'))).toBe('400 PGRST100');
  });
});

describe('filter parser', () => {
  it('reads operators, negation, in-lists with quotes and is', () => {
    const q = parseQuery([
      ['id', 'eq.1'],
      ['name', 'not.ilike.*api*'],
      ['type', 'in.("a,b",c,"d\\"e")'],
      ['deleted_at', 'is.null'],
      ['change_type', 'not.eq.'],
      ['labels->>app', 'eq.api'],
      ['hypotheses.evidences.config_id', 'eq.X'],
      ['configs.order', 'name.desc'],
      ['', 'ignored'],
    ]);
    const root = q.scopes.get('');
    expect(root?.filters).toEqual([
      { kind: 'cond', field: { column: 'id', json: [] }, negate: false, op: 'eq', value: '1' },
      { kind: 'cond', field: { column: 'name', json: [] }, negate: true, op: 'ilike', value: '*api*' },
      {
        kind: 'cond',
        field: { column: 'type', json: [] },
        negate: false,
        op: 'in',
        value: ['a,b', 'c', 'd"e'],
      },
      { kind: 'cond', field: { column: 'deleted_at', json: [] }, negate: false, op: 'is', value: 'null' },
      { kind: 'cond', field: { column: 'change_type', json: [] }, negate: true, op: 'eq', value: '' },
      {
        kind: 'cond',
        field: { column: 'labels', json: [{ op: '->>', key: 'app' }] },
        negate: false,
        op: 'eq',
        value: 'api',
      },
    ]);
    expect(q.scopes.get('hypotheses\u0000evidences')?.filters).toHaveLength(1);
    expect(q.scopes.get('configs')?.order).toEqual([{ field: { column: 'name', json: [] }, dir: 'desc' }]);
  });

  it('reads nested logic trees', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(a.eq.1,and(b.gt.2,c.lt.3),not.or(d.is.null,e.in.(1,2)),name.eq."x,y")',
    );
    expect(tree.children).toHaveLength(4);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', negate: false });
    expect(tree.children[2]).toMatchObject({ kind: 'logic', op: 'or', negate: true });
    expect(tree.children[3]).toMatchObject({ kind: 'cond', value: 'x,y' });
    const q = parseQuery([['not.and', '(a.eq.1,b.eq.2)']]);
    expect(q.scopes.get('')?.filters[0]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
  });

  it('honours only the first select and the last root order', () => {
    const q = parseQuery([
      ['select', 'id'],
      ['select', 'agent:agents(id)'],
      ['order', 'created_at.desc'],
      ['order', 'name.asc.nullsfirst'],
    ]);
    expect(q.select).toHaveLength(1);
    expect(q.scopes.get('')?.order).toEqual([
      { field: { column: 'name', json: [] }, dir: 'asc', nulls: 'first' },
    ]);
  });

  it('rejects unknown operators, bad is-values, bad limits and deep trees', () => {
    expect(codeOf(() => parseQuery([['id', 'equals.1']]))).toBe('400 PGRST100');
    expect(codeOf(() => parseQuery([['id', 'is.maybe']]))).toBe('400 PGRST100');
    expect(codeOf(() => parseQuery([['limit', '-1']]))).toBe('400 PGRST100');
    expect(codeOf(() => parseQuery([['limit', '99999999999999999999']]))).toBe('400 PGRST100');
    expect(codeOf(() => parseQuery([['or', '(' + 'and('.repeat(20) + 'a.eq.1' + ')'.repeat(21)]]))).toBe(
      '400 PGRST100',
    );
    expect(codeOf(() => parseQuery([['or', 'a.eq.1']]))).toBe('400 PGRST100');
    expect(codeOf(() => parseQuery([['id', 'eq.a\u0000b']]))).toBe('400 PGRST100');
  });

  it('reads order terms with nulls handling and JSON paths', () => {
    expect(parseOrder('type,name.asc,labels->>app.desc.nullslast')).toEqual([
      { field: { column: 'type', json: [] } },
      { field: { column: 'name', json: [] }, dir: 'asc' },
      { field: { column: 'labels', json: [{ op: '->>', key: 'app' }] }, dir: 'desc', nulls: 'last' },
    ]);
  });

  it('reads Prefer and Range headers', () => {
    expect(parsePrefer('return=representation, count=exact')).toMatchObject({
      return: 'representation',
      count: true,
    });
    expect(parsePrefer('resolution=merge-duplicates')).toMatchObject({
      resolution: 'merge-duplicates',
      count: false,
    });
    expect(parseRangeHeader('0-49')).toEqual({ offset: 0, limit: 50 });
    expect(parseRangeHeader('10-')).toEqual({ offset: 10 });
    expect(codeOf(() => parseRangeHeader('5-2'))).toBe('416 PGRST103');
  });
});

describe('.filter extension', () => {
  const now = new Date('2026-03-10T12:34:56.000Z');

  it('turns lists into in/not.in and globs into like, dropping negated globs', () => {
    expect(
      rewriteFilterExtension(
        [
          ['status.filter', 'Running,!Stopped,*Crash*,!*x*,Pend*,!Failed'],
          ['limit', '5'],
        ],
        now,
      ),
    ).toEqual([
      ['status', 'like.*Crash*'],
      ['status', 'like.Pend*'],
      ['status', 'in.("Running")'],
      ['status', 'not.in.("Stopped","Failed")'],
      ['limit', '5'],
    ]);
  });

  it('quotes list items safely', () => {
    expect(rewriteFilterExtension([['name.filter', 'a"b,c\\d']], now)).toEqual([
      ['name', 'in.("a\\"b","c\\\\d")'],
    ]);
    const q = parseQuery(rewriteFilterExtension([['name.filter', 'a"b,c\\d,x)y']], now));
    expect(q.scopes.get('')?.filters[0]).toMatchObject({ op: 'in', value: ['a"b', 'c\\d', 'x)y'] });
  });

  it('evaluates datemath on date columns with the optional > < = prefix (default lt)', () => {
    expect(rewriteFilterExtension([['created_at.filter', 'now-2d']], now)).toEqual([
      ['created_at', 'lt.2026-03-08T12:34:56.000Z'],
    ]);
    expect(rewriteFilterExtension([['created_at.filter', '>now-1h,<now']], now)).toEqual([
      ['created_at', 'gt.2026-03-10T11:34:56.000Z'],
      ['created_at', 'lt.2026-03-10T12:34:56.000Z'],
    ]);
    expect(rewriteFilterExtension([['time_start.filter', '=now/d']], now)).toEqual([
      ['time_start', 'eq.2026-03-10T00:00:00.000Z'],
    ]);
    expect(rewriteFilterExtension([['resource->>name.filter', 'api']], now)).toEqual([
      ['resource->>name', 'in.("api")'],
    ]);
  });

  it('evaluates datemath expressions', () => {
    expect(evaluateDatemath('now+1h', now).toISOString()).toBe('2026-03-10T13:34:56.000Z');
    expect(evaluateDatemath('now-1M/M', now).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(evaluateDatemath('now-1d/d', now).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(evaluateDatemath('2026-01-01', now).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(codeOf(() => evaluateDatemath("now'; drop table x", now))).toBe('400 PGRST100');
    expect(codeOf(() => evaluateDatemath('yesterday', now))).toBe('400 PGRST100');
  });
});

describe('view column origins', () => {
  it('reads resorigtbl/resorigcol of the top-level target list only', () => {
    const action =
      '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :subquery {QUERY :targetList ({TARGETENTRY :expr {VAR} :resno 1 :resname inner :ressortgroupref 0 :resorigtbl 99 :resorigcol 9 :resjunk false})}}) ' +
      ':targetList ({TARGETENTRY :expr {VAR :varno 1} :resno 1 :resname id :ressortgroupref 0 :resorigtbl 16392 :resorigcol 1 :resjunk false} ' +
      '{TARGETENTRY :expr {SUBLINK :subselect {QUERY :targetList ({TARGETENTRY :resname x :ressortgroupref 0 :resorigtbl 5 :resorigcol 5})}} :resno 2 :resname c :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false})})';
    const origins = viewColumnOrigins(action);
    expect([...origins.entries()]).toEqual([['id', { table: 16392, column: 1 }]]);
  });
});

describe('SQLSTATE mapping', () => {
  it('maps driver errors to the PostgREST statuses of reference §0.3, every database error a client error', () => {
    expect(statusForSqlState('23505')).toBe(409);
    expect(statusForSqlState('23503')).toBe(409);
    expect(statusForSqlState('23502')).toBe(400);
    expect(statusForSqlState('22P02')).toBe(400);
    expect(statusForSqlState('42703')).toBe(400);
    expect(statusForSqlState('42P01')).toBe(404);
    expect(statusForSqlState('XX000')).toBe(400);
    expect(statusForSqlState('53200')).toBe(413);
    expect(statusForSqlState('08006')).toBe(503);
  });

  it('answers with mapped messages: no Postgres message, detail or hint is passed on', () => {
    const e = fromDriverError(
      Object.assign(new Error('duplicate key value violates unique constraint "teams_name_key"'), {
        code: '23505',
        detail: 'Key (name)=(x) already exists.',
        hint: 'internal hint',
      }),
    );
    expect(e.toJSON()).toEqual({
      code: '23505',
      message: 'A row with the same unique value already exists',
      details: null,
      hint: null,
    });
    const oom = fromDriverError(
      Object.assign(new Error('out of memory'), {
        code: '53200',
        detail: 'Failed on request of size 340799541 in memory context "printtup".',
      }),
    );
    expect(oom.toJSON()).toMatchObject({ code: '53200', details: null, hint: null });
    expect(oom.status).toBe(413);
    const crash = fromDriverError(
      new TypeError('Cannot read properties of undefined (reading "rows") at /srv/app/executor.ts:12'),
    );
    expect(crash.status).toBe(500);
    expect(crash.toJSON()).toEqual({
      code: 'PGRST000',
      message: 'Internal error',
      details: null,
      hint: null,
    });
  });
});
