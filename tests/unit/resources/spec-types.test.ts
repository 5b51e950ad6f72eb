/** @jest-environment node */
import { hasSpecTypeIcon } from '@/components/resources/spec-type-icon';
import { validateSpec } from '@/lib/embedded-backend/schemas';
import { REQUIRED_MESSAGE, NUMBER_MESSAGE } from '@/lib/forms/messages';
import {
  initialEditorValues,
  resourceEditorSchema,
  codeOfValues,
  formOfCode,
  WHOLE_SPEC_TYPE,
  type ResourceEditorValues,
} from '@/lib/resources/editor-schema';
import { HEALTH_CHECK_TYPES, HTTP_METHODS, HTTP_RESPONSE_CODES } from '@/lib/resources/health-check-types';
import { resourceTableOf, RESOURCE_TABLES, SCRAPER_TABLE } from '@/lib/resources/resource-tables';
import { SCRAPER_TYPES } from '@/lib/resources/scraper-types';
import {
  detectSpecType,
  envVarToSecret,
  secretToEnvVar,
  specToValues,
  valuesToSpec,
  type Spec,
} from '@/lib/resources/spec-mapping';
import { allFieldsOf, type SpecField, type SpecTypeDef } from '@/lib/resources/spec-types';

/** A filled entry per form type: every field set (the first switch option that has fields), as the spec stores it. */
const FILLED: Record<string, Record<string, unknown>> = {
  http: {
    name: 'api',
    description: 'the API',
    url: 'https://api.example.com/health',
    method: 'POST',
    body: '{"ping":1}',
    responseCodes: [200, 201],
    responseContent: 'ok',
    maxSSLExpiry: 7,
    thresholdMillis: 500,
    username: { valueFrom: { secretKeyRef: { name: 'api', key: 'user' } } },
    password: 'secret',
    ntlm: true,
    test: { expr: 'code == 200' },
  },
  exec: { name: 'disk', description: 'd', script: 'df -h', test: { template: '{{ .stdout }}' } },
  redis: {
    name: 'cache',
    description: 'd',
    addr: 'redis:6379',
    db: 2,
    username: 'u',
    password: { valueFrom: { configMapKeyRef: { name: 'cm', key: 'pw' } } },
  },
  mongodb: { name: 'mongo', description: 'd', connection: 'mongodb://mongo:27017' },
  tcp: { name: 'pg', description: 'd', endpoint: 'db:5432', thresholdMillis: 100 },
  icmp: {
    name: 'gw',
    description: 'd',
    endpoint: '10.0.0.1',
    thresholdMillis: 50,
    packetLossThreshold: 10,
    packetCount: 3,
    test: { javascript: 'true' },
  },
  elasticsearch: {
    name: 'es',
    description: 'd',
    url: 'http://es:9200',
    index: 'logs',
    query: '{"match_all":{}}',
    results: 1,
  },
  folder: {
    name: 'backups',
    description: 'd',
    path: '/backups',
    filter: { regex: '.*\\.tar' },
    minAge: '1h',
    maxAge: '24h',
    minCount: 1,
    maxCount: 9,
    awsConnection: { connection: 'connection://default/s3' },
  },
  alertmanager: {
    name: 'am',
    description: 'd',
    url: 'http://am:9093',
    alerts: ['a', 'b'],
    ignore: ['c'],
    filters: { severity: 'critical' },
    test: { jsonPath: '$.x' },
  },
  kubernetes: {
    clusterName: 'prod',
    namespaces: ['a', 'b'],
    selector: 'app=x',
    fieldSelector: 'f=y',
    maxInflight: 32,
    exclusions: { kind: ['Event'], namespace: ['kube-system'] },
    kubeconfig: 'cfg',
  },
  azure: {
    subscriptionID: 'sub',
    tenantID: 't',
    organisation: 'o',
    include: ['vm'],
    connection: 'connection://default/azure',
  },
  kubernetesFile: {
    selector: { kind: 'Pod', namespace: 'ns', labelSelector: 'app=x' },
    container: 'main',
    kubeconfig: 'cfg',
  },
  sql: {
    connection: 'connection://default/pg',
    driver: 'postgres',
    query: 'select 1',
    type: 'DB::Row',
    id: '$.id',
  },
  trivy: {
    version: '0.50',
    timeout: '20m',
    ignoreUnfixed: true,
    scanners: ['vuln'],
    severity: ['HIGH', 'CRITICAL'],
    kubernetes: { namespace: 'default' },
  },
  aws: {
    regions: ['eu-west-1'],
    assumeRole: 'role',
    endpoint: 'http://x',
    compliance: true,
    trustedAdvisorCheck: true,
    include: ['EC2'],
    exclude: ['S3'],
    connection: 'connection://default/aws',
  },
  file: { paths: ['/etc/*.yaml'], url: 'https://git/repo', type: 'File', id: '$.id' },
  githubActions: {
    owner: 'acme',
    repository: 'app',
    workflows: ['ci'],
    connection: 'connection://default/gh',
  },
  azureDevops: {
    organization: 'acme',
    projects: ['p'],
    pipelines: ['ci'],
    connection: 'connection://default/ado',
  },
};
FILLED.http_scraper = { url: 'https://api/x', method: 'PUT', body: 'b', type: 'API', id: '$.id' };

const formTypes = (types: readonly SpecTypeDef[]) => types.filter((t) => t.mode === 'form');
const filledOf = (def: SpecTypeDef, kind: 'health' | 'scraper') =>
  FILLED[kind === 'scraper' && def.name === 'http' ? 'http_scraper' : def.name];

describe.each([
  ['health', HEALTH_CHECK_TYPES, 'canaries'],
  ['scraper', SCRAPER_TYPES, 'config_scrapers'],
] as const)('%s spec types', (kind, types, table) => {
  it.each(formTypes(types).map((t) => [t.name, t] as const))(
    '%s round-trips spec → form values → spec, keeping keys the form does not know',
    (_, def) => {
      const entry = filledOf(def, kind);
      expect(entry).toBeDefined();
      const spec: Spec = {
        schedule: '@every 5m',
        [def.specKey as string]: [{ ...entry, labels: { kept: 'by the form' } }],
      };
      const values = specToValues(def, spec);
      expect(valuesToSpec(def, values, spec)).toEqual(spec);
      // Every field of the type is exercised by the filled entry, so none is silently dropped.
      const plain = (def.fields ?? []).filter((f): f is SpecField => f.kind !== 'switch');
      const unset = plain.filter((f) => values[f.path.replace(/\./g, '__')] === '' && f.kind !== 'checkbox');
      expect(unset.map((f) => f.path)).toEqual([]);
      expect(validateSpec(table, valuesToSpec(def, values, spec))).toEqual([]);
      expect(detectSpecType(types, spec)?.name).toBe(def.name);
    },
  );

  it('offers every form type with an icon, 5 per row in the picker, Custom last', () => {
    for (const t of types) expect(hasSpecTypeIcon(t.icon)).toBe(true);
    expect(types[types.length - 1]?.name).toBe('custom');
  });

  it('starts code-only types from a template the schema accepts', () => {
    for (const def of types.filter((t) => t.mode === 'code' && t.name !== 'custom')) {
      expect(validateSpec(table, def.template)).toEqual([]);
      expect(detectSpecType(types, def.template)?.name).toBe(def.name);
    }
  });
});

describe('spec type detection', () => {
  it('falls back to Custom for several entries, several types, or none', () => {
    expect(
      detectSpecType(HEALTH_CHECK_TYPES, {
        http: [
          { name: 'a', url: 'x' },
          { name: 'b', url: 'y' },
        ],
      })?.name,
    ).toBe('custom');
    expect(
      detectSpecType(HEALTH_CHECK_TYPES, {
        http: [{ name: 'a', url: 'x' }],
        tcp: [{ name: 'b', endpoint: 'h:1' }],
      })?.name,
    ).toBe('custom');
    expect(detectSpecType(HEALTH_CHECK_TYPES, { schedule: '@daily' })?.name).toBe('custom');
    expect(detectSpecType(HEALTH_CHECK_TYPES, { sftp: [{ name: 'x' }] })?.name).toBe('custom');
  });

  it('keeps an EnvVar the form cannot show in Code (a service-account reference)', () => {
    expect(
      detectSpecType(HEALTH_CHECK_TYPES, {
        http: [{ name: 'a', url: 'x', password: { valueFrom: { serviceAccount: 'sa' } } }],
      })?.name,
    ).toBe('custom');
  });
});

describe('EnvVar ↔ secret field', () => {
  it('maps literals and Secret/ConfigMap keys both ways', () => {
    expect(envVarToSecret('v')).toEqual({ source: 'static', value: 'v' });
    expect(envVarToSecret({ value: 'v' })).toEqual({ source: 'static', value: 'v' });
    expect(envVarToSecret({ valueFrom: { secretKeyRef: { name: 'n', key: 'k' } } })).toEqual({
      source: 'secret',
      name: 'n',
      key: 'k',
    });
    expect(secretToEnvVar({ source: 'configmap', name: 'n', key: 'k' })).toEqual({
      valueFrom: { configMapKeyRef: { name: 'n', key: 'k' } },
    });
    expect(secretToEnvVar({ source: 'static', value: '' })).toBeUndefined();
  });
});

describe('defaults of a new resource (spec 001 §3.6, §9)', () => {
  const http = HEALTH_CHECK_TYPES.find((t) => t.name === 'http') as SpecTypeDef;
  const canaries = resourceTableOf('canaries');

  it('health checks and topologies default to namespace default, teams to icon group, and every table to source UI', () => {
    expect(initialEditorValues(canaries, http).namespace).toBe('default');
    expect(initialEditorValues(resourceTableOf('topologies'), WHOLE_SPEC_TYPE).namespace).toBe('default');
    expect(initialEditorValues(resourceTableOf('teams'), WHOLE_SPEC_TYPE).icon).toBe('group');
    const values = { ...initialEditorValues(resourceTableOf('teams'), WHOLE_SPEC_TYPE), name: 'sre' };
    const body = resourceEditorSchema(resourceTableOf('teams'), WHOLE_SPEC_TYPE).parse(values);
    expect(body).toEqual({ name: 'sre', icon: 'group', source: 'UI' });
  });

  it('HTTP starts with GET, offers the spec’s methods and response codes, and shows the body only for POST and PUT', () => {
    const values = specToValues(http, undefined);
    expect(values.method).toBe('GET');
    expect(values.switch_authentication).toBe('none');
    expect(values.switch_script).toBe('none');
    const method = allFieldsOf(http).find((f) => f.path === 'method');
    expect(method?.options?.map((o) => o.value)).toEqual([...HTTP_METHODS]);
    expect(
      allFieldsOf(http)
        .find((f) => f.path === 'responseCodes')
        ?.options?.map((o) => Number(o.value)),
    ).toEqual([...HTTP_RESPONSE_CODES]);
    const get = valuesToSpec(http, { ...values, url: 'https://x', body: 'ignored' }, {}, 'web');
    expect(get).toEqual({ http: [{ name: 'web', url: 'https://x', method: 'GET' }] });
    expect(
      valuesToSpec(http, { ...values, url: 'https://x', method: 'PUT', body: 'b' }, {}, 'web').http,
    ).toEqual([{ name: 'web', url: 'https://x', method: 'PUT', body: 'b' }]);
  });

  it('Redis database defaults to 0 and the Kubernetes scraper to 64 in flight', () => {
    expect(
      specToValues(HEALTH_CHECK_TYPES.find((t) => t.name === 'redis') as SpecTypeDef, undefined).db,
    ).toBe('0');
    expect(
      specToValues(SCRAPER_TYPES.find((t) => t.name === 'kubernetes') as SpecTypeDef, undefined).maxInflight,
    ).toBe('64');
  });

  it('a schedule replaces the interval; a blank one leaves the interval alone', () => {
    const record = {
      id: 'x',
      name: 'web',
      namespace: 'default',
      spec: { interval: 30, http: [{ name: 'web', url: 'https://x' }] },
    };
    const values = initialEditorValues(canaries, http, record);
    const schema = resourceEditorSchema(canaries, http, { original: record });
    expect(schema.parse(values)).toEqual({});
    expect(schema.parse({ ...values, schedule: '@every 5m' })).toEqual({
      spec: { schedule: '@every 5m', http: [{ name: 'web', url: 'https://x' }] },
    });
    expect(schema.safeParse({ ...values, schedule: 'every day' }).success).toBe(false);
  });
});

describe('editor validation', () => {
  const canaries = resourceTableOf('canaries');
  const http = HEALTH_CHECK_TYPES.find((t) => t.name === 'http') as SpecTypeDef;
  const fresh = (): ResourceEditorValues => initialEditorValues(canaries, http);
  const issues = (values: ResourceEditorValues) => {
    const result = resourceEditorSchema(canaries, http).safeParse(values);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('requires name, namespace and the type’s required fields', () => {
    expect(issues({ ...fresh(), namespace: '' })).toEqual(
      expect.arrayContaining([
        `name: ${REQUIRED_MESSAGE}`,
        `namespace: ${REQUIRED_MESSAGE}`,
        `spec.url: ${REQUIRED_MESSAGE}`,
      ]),
    );
    expect(
      issues({ ...fresh(), name: 'a', spec: { ...fresh().spec, url: 'https://x', thresholdMillis: '1s' } }),
    ).toEqual([`spec.thresholdMillis: ${NUMBER_MESSAGE}`]);
  });

  it('creates with every set column, source UI, and the spec of the form', () => {
    const body = resourceEditorSchema(canaries, http).parse({
      ...fresh(),
      name: 'web',
      schedule: '@every 1m',
      spec: { ...fresh().spec, url: 'https://x' },
    });
    expect(body).toEqual({
      name: 'web',
      namespace: 'default',
      labels: {},
      source: 'UI',
      spec: { schedule: '@every 1m', http: [{ name: 'web', url: 'https://x', method: 'GET' }] },
    });
  });

  it('Code tab: invalid YAML blocks the save with the parse error; valid YAML is the spec', () => {
    const code = { ...fresh(), name: 'web', tab: 'code' as const, code: 'http:\n  - name: web\n   url: x' };
    expect(issues(code)[0]).toMatch(/^code: Invalid YAML at line \d+, column \d+/);
    const body = resourceEditorSchema(canaries, http).parse({
      ...code,
      code: 'http:\n  - name: web\n    url: https://y\n',
    });
    expect(body.spec).toEqual({ http: [{ name: 'web', url: 'https://y' }] });
  });

  it('switching Form → Code → Form keeps the values', () => {
    const values = {
      ...fresh(),
      name: 'web',
      schedule: '@every 5m',
      spec: { ...fresh().spec, url: 'https://x', method: 'POST', body: 'hello' },
    };
    const code = codeOfValues(canaries, http, values);
    expect(code).toContain('url: https://x');
    const back = formOfCode(http, code);
    // The check's blank name is filled with the resource's, as the save would.
    expect(back?.spec).toEqual({ ...values.spec, name: 'web' });
    expect(back?.schedule).toBe('@every 5m');
    expect(formOfCode(http, 'http: [')).toBeUndefined();
  });
});

describe('resource tables', () => {
  it('hide the columns the spec names', () => {
    const cols = (t: string) => [...RESOURCE_TABLES, SCRAPER_TABLE].find((d) => d.table === t)?.columns ?? [];
    expect(cols('topologies')).not.toContain('schedule');
    for (const t of ['teams', 'incident_rules', 'config_scrapers']) {
      expect(cols(t)).not.toContain('schedule');
      expect(cols(t)).not.toContain('namespace');
    }
    expect(cols('canaries')).not.toContain('namespace');
    expect(cols('topologies')).toContain('agent');
  });
});
