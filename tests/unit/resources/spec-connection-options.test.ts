/** @jest-environment node */
import { validateSpec } from '@/lib/embedded-backend/schemas';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';
import { initialEditorValues, resourceEditorSchema } from '@/lib/resources/editor-schema';
import { HEALTH_CHECK_TYPES } from '@/lib/resources/health-check-types';
import { resourceTableOf, SCRAPER_TABLE } from '@/lib/resources/resource-tables';
import { SCRAPER_TYPES } from '@/lib/resources/scraper-types';
import { detectSpecType, specToValues, valuesToSpec } from '@/lib/resources/spec-mapping';
import {
  allFieldsOf,
  CONNECTION_SWITCH_KEY,
  isSwitch,
  type SpecFieldSwitch,
  type SpecTypeDef,
} from '@/lib/resources/spec-types';

const health = (name: string) => HEALTH_CHECK_TYPES.find((t) => t.name === name) as SpecTypeDef;
const scraper = (name: string) => SCRAPER_TYPES.find((t) => t.name === name) as SpecTypeDef;
const switchOf = (def: SpecTypeDef, key: string) =>
  def.fields?.find((f): f is SpecFieldSwitch => isSwitch(f) && f.key === key);

describe('connection options: a None/type switch like authentication (spec 001 §4)', () => {
  it.each([
    ['folder', health('folder'), ['none', 'aws', 'gcp']],
    ['aws', scraper('aws'), ['none', 'connection', 'credentials']],
    ['azure', scraper('azure'), ['none', 'connection', 'credentials']],
    ['githubActions', scraper('githubActions'), ['none', 'connection', 'credentials']],
    ['azureDevops', scraper('azureDevops'), ['none', 'connection', 'credentials']],
  ])('%s offers None first, then its ways to connect', (_, def, options) => {
    const sw = switchOf(def, CONNECTION_SWITCH_KEY);
    expect(sw?.label).toBe('Connection options');
    expect(sw?.options.map((o) => o.value)).toEqual(options);
    expect(sw?.options[0]).toMatchObject({ label: 'None', fields: [] });
    // A new resource starts on None.
    expect(specToValues(def, undefined)[CONNECTION_SWITCH_KEY]).toBe('none');
  });

  it('opens a stored entry on the option it uses and writes only that option', () => {
    const aws = scraper('aws');
    const keys = { aws: [{ regions: ['eu-west-1'], accessKey: 'ak', secretKey: 'sk' }] };
    const values = specToValues(aws, keys);
    expect(values[CONNECTION_SWITCH_KEY]).toBe('credentials');
    expect(valuesToSpec(aws, values, keys)).toEqual(keys);
    // Switching to a stored connection drops the keys; None drops both.
    const viaConnection = valuesToSpec(
      aws,
      { ...values, [CONNECTION_SWITCH_KEY]: 'connection', connection: 'connection://default/aws' },
      keys,
    );
    expect(viaConnection).toEqual({
      aws: [{ regions: ['eu-west-1'], connection: 'connection://default/aws' }],
    });
    expect(valuesToSpec(aws, { ...values, [CONNECTION_SWITCH_KEY]: 'none' }, keys)).toEqual({
      aws: [{ regions: ['eu-west-1'] }],
    });
  });

  it('folder checks reach S3 or GCS through nested connections the schema accepts', () => {
    const folder = health('folder');
    const values = {
      ...specToValues(folder, undefined),
      path: 's3://backups',
      [CONNECTION_SWITCH_KEY]: 'aws',
      awsConnection__connection: 'connection://default/s3',
      awsConnection__region: 'eu-west-1',
    };
    const spec = valuesToSpec(folder, values, {}, 'backups');
    expect(spec.folder).toEqual([
      {
        name: 'backups',
        path: 's3://backups',
        awsConnection: { connection: 'connection://default/s3', region: 'eu-west-1' },
      },
    ]);
    expect(validateSpec('canaries', spec)).toEqual([]);
    expect(detectSpecType(HEALTH_CHECK_TYPES, spec)?.name).toBe('folder');
    expect(specToValues(folder, spec)[CONNECTION_SWITCH_KEY]).toBe('aws');
    // SFTP and SMB stay their own code-only types.
    expect(switchOf(folder, CONNECTION_SWITCH_KEY)?.options.map((o) => o.label)).not.toContain('SFTP');
  });

  it('a stored entry with values of two options opens as Custom, so a save never drops one', () => {
    expect(
      detectSpecType(SCRAPER_TYPES, {
        aws: [{ connection: 'connection://default/aws', accessKey: 'ak', secretKey: 'sk' }],
      })?.name,
    ).toBe('custom');
    expect(
      detectSpecType(HEALTH_CHECK_TYPES, {
        folder: [{ name: 'f', path: '/x', awsConnection: { region: 'a' }, gcpConnection: { endpoint: 'b' } }],
      })?.name,
    ).toBe('custom');
    // Authentication options sharing their fields (Basic, NTLM) are not a conflict.
    expect(
      detectSpecType(HEALTH_CHECK_TYPES, { http: [{ name: 'a', url: 'x', username: 'u', ntlm: true }] })
        ?.name,
    ).toBe('http');
  });

  it('the chosen option’s fields are required; None requires nothing', () => {
    const def = scraper('githubActions');
    const issues = (spec: Record<string, unknown>) => {
      const values = { ...initialEditorValues(SCRAPER_TABLE, def), name: 'gh' };
      const result = resourceEditorSchema(SCRAPER_TABLE, def).safeParse({
        ...values,
        spec: { ...values.spec, owner: 'acme', repository: 'shop', ...spec },
      });
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues({})).toEqual([]);
    expect(issues({ [CONNECTION_SWITCH_KEY]: 'connection' })).toEqual([
      `spec.connection: ${REQUIRED_MESSAGE}`,
    ]);
    expect(issues({ [CONNECTION_SWITCH_KEY]: 'credentials' })).toEqual([
      `spec.personalAccessToken: ${REQUIRED_MESSAGE}`,
    ]);
  });
});

describe('required fields of spec 001 §5', () => {
  it.each(['sql', 'file', 'http'])('the %s scraper requires type and id', (name) => {
    const def = scraper(name);
    const values = { ...initialEditorValues(SCRAPER_TABLE, def), name: 'x' };
    const result = resourceEditorSchema(SCRAPER_TABLE, def).safeParse(values);
    const messages = result.success
      ? []
      : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([`spec.type: ${REQUIRED_MESSAGE}`, `spec.id: ${REQUIRED_MESSAGE}`]),
    );
  });

  it('ICMP names its target Host (required; the canary schema stores it in endpoint)', () => {
    const host = allFieldsOf(health('icmp')).find((f) => f.label === 'Host');
    expect(host).toMatchObject({ path: 'endpoint', required: true });
    const canaries = resourceTableOf('canaries');
    const values = { ...initialEditorValues(canaries, health('icmp')), name: 'gw' };
    const result = resourceEditorSchema(canaries, health('icmp')).safeParse(values);
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual(['spec.endpoint']);
  });
});
