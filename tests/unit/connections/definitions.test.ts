import { hasConnectionIcon } from '@/components/connections/connection-type-icon';
import { CONNECTION_TYPES } from '@/lib/connections/definitions';
import {
  createPayload,
  defaultValuesOf,
  fieldsOf,
  groupsOf,
  recordToValues,
  updatePayload,
} from '@/lib/connections/mapping';
import { connectionTypeOf, pickerConnectionTypes } from '@/lib/connections/registry';
import { connectionFormSchema } from '@/lib/connections/schema';
import type {
  ConnectionField,
  ConnectionFormValues,
  ConnectionRecord,
  ConnectionTypeDef,
} from '@/lib/connections/types';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';
import { SECRET_MASK, type SecretValue } from '@/lib/forms/secret-value';

/**
 * Spec 001 §3.2 as a data table: per type, each field as `key:where[*][=default]` — `where` is a column or
 * `p.<property>`, `*` marks required. Where the spec's table names no flag, the earlier console's flag is used
 * (reference/upstream-ui.md §4.1); those rows are the same in the definitions and here, so a change to either fails.
 * Every type also has name (required) and namespace (required, default 'default').
 */
// Field lists the spec's table gives several types word for word (S3 is the AWS list plus a bucket).
const AWS_FIELDS = [
  'region:p.region',
  'profile:p.profile',
  'username:username',
  'password:password',
  'insecure_tls:p.insecureTLS',
];
const URL_LOGIN_TLS_FIELDS = [
  'url:url*',
  'username:username*',
  'password:password*',
  'insecure_tls:insecure_tls',
];

const SPEC: Record<string, { notification?: true; hidden?: true; fields: string[] }> = {
  anthropic: { fields: ['model:p.model', 'url:url', 'password:password*'] },
  openai: { fields: ['url:url', 'model:p.model', 'password:password*'] },
  ollama: { fields: ['url:url*', 'model:p.model', 'password:password*'] },
  aws: { fields: AWS_FIELDS },
  s3: { fields: [...AWS_FIELDS, 'bucket:p.bucket*'] },
  azure: { fields: ['username:username*', 'password:password*', 'tenant:p.tenant*'] },
  azure_devops: { fields: ['username:username*', 'password:password*'] },
  discord: { notification: true, fields: ['username:username*', 'password:password*'] },
  dynatrace: { fields: ['url:url*', 'password:password*', 'scheme:p.scheme*'] },
  elasticsearch: { fields: URL_LOGIN_TLS_FIELDS },
  email: {
    notification: true,
    fields: [
      'host:p.host*',
      'port:p.port*=587',
      'insecure_tls:insecure_tls',
      'username:username',
      'password:password',
      'from:p.from*',
      'fromName:p.fromName*',
      'encryptionMethod:p.encryptionMethod*=Auto',
      'authMethod:p.authMethod*=Unknown',
    ],
  },
  google_cloud: { fields: ['url:url*', 'certificate:certificate*'] },
  generic_webhook: {
    notification: true,
    fields: [
      'url:url*',
      'contentType:p.contentType=application/json',
      'requestMethod:p.requestMethod*=POST',
      'key:p.key*=message',
      'titleKey:p.titleKey*=title',
      'insecure_tls:insecure_tls',
    ],
  },
  git: {
    fields: [
      'url:url*',
      'username:username',
      'password:password',
      'certificate:certificate',
      'ref:p.ref*=main',
    ],
  },
  github: { fields: ['password:password*'] },
  google_chat: {
    notification: true,
    fields: ['username:username*', 'password:password*', 'webhook:p.webhook*'],
  },
  http: { fields: URL_LOGIN_TLS_FIELDS },
  ifttt: { notification: true, fields: ['username:username*'] },
  jmeter: { hidden: true, fields: ['url:url*', 'port:p.port'] },
  kubernetes: { fields: ['certificate:certificate'] },
  ldap: { fields: URL_LOGIN_TLS_FIELDS },
  matrix: {
    notification: true,
    fields: ['username:username', 'password:password*', 'host:p.host*', 'insecure_tls:insecure_tls'],
  },
  mattermost: {
    notification: true,
    fields: ['username:username', 'host:p.host*', 'password:password*', 'channel:p.channel'],
  },
  mongo: { fields: URL_LOGIN_TLS_FIELDS },
  mysql: { fields: ['url:url*', 'username:username*', 'password:password*'] },
  ntfy: {
    notification: true,
    fields: [
      'username:username',
      'password:password',
      'host:p.host*=ntfy.sh',
      'topic:p.topic*',
      'insecure_tls:insecure_tls',
    ],
  },
  opsgenie: {
    notification: true,
    fields: ['host:p.host*=api.opsgenie.com', 'port:p.port*=443', 'password:password*'],
  },
  postgres: { fields: ['url:url*', 'username:username*', 'password:password*'] },
  prometheus: { fields: ['url:url*', 'username:username', 'password:password', 'insecure_tls:insecure_tls'] },
  pushbullet: { notification: true, fields: ['password:password*', 'targets:p.targets*'] },
  pushover: { notification: true, fields: ['username:username*', 'password:password*'] },
  redis: {
    fields: ['db:p.db*=0', 'url:url*', 'username:username', 'password:password', 'insecure_tls:insecure_tls'],
  },
  restic: {
    fields: [
      'password:password*',
      'url:url*',
      'awsConnectionName:p.awsConnectionName*',
      'accessKey:p.accessKey*',
      'secretKey:p.secretKey*',
    ],
  },
  rocketchat: {
    notification: true,
    fields: [
      'user:p.user',
      'host:p.host*',
      'port:p.port*',
      'username:username*',
      'password:password*',
      'channel:p.channel*',
    ],
  },
  sftp: { fields: ['host:url*', 'username:username*', 'password:password*', 'port:p.port=22'] },
  slack: { notification: true, fields: ['username:username*', 'password:password*', 'botName:p.BotName'] },
  smb: {
    fields: [
      'server:url*',
      'port:p.port=445',
      'share:p.sharename*',
      'workstation:p.workstation',
      'searchPath:p.searchPath',
      'username:username',
      'password:password',
    ],
  },
  sql_server: { fields: ['url:url*', 'username:username*', 'password:password*'] },
  teams: {
    notification: true,
    fields: [
      'group:p.group',
      'tenant:p.tenant*',
      'altID:p.altID*',
      'groupOwner:p.groupOwner*',
      'host:p.host*=outlook.office.com',
    ],
  },
  telegram: { notification: true, fields: ['password:password*', 'username:username*'] },
  windows: { fields: ['username:username*', 'password:password*', 'domain:p.domain'] },
  zulip_chat: { notification: true, fields: ['username:username', 'password:password*', 'host:p.host*'] },
  folder: { fields: ['path:p.path*'] },
  gcs: { fields: ['url:url*', 'certificate:certificate*'] },
  gitlab: { fields: ['password:password*'] },
};

function describeField(field: ConnectionField): string {
  const where = 'column' in field.target ? field.target.column : `p.${field.target.property}`;
  return `${field.key}:${where}${field.required ? '*' : ''}${field.default !== undefined ? `=${String(field.default)}` : ''}`;
}

/** A value of every kind, different per field, to fill a form completely. */
function sampleValue(field: ConnectionField, index: number): string | boolean | SecretValue {
  switch (field.kind) {
    case 'checkbox':
      return true;
    case 'number':
      return String(1000 + index);
    case 'choice':
      return field.options?.[field.options.length - 1]?.value ?? '';
    case 'secret': {
      const sources: SecretValue[] = [
        { source: 'static', value: `static-${field.key}-${index}` },
        { source: 'secret', name: `${field.key}-secret`, key: 'value' },
        { source: 'configmap', name: `${field.key}-config`, key: 'data.txt' },
      ];
      return sources[index % 3] as SecretValue;
    }
    default:
      return 'column' in field.target && field.target.column === 'url'
        ? `https://${field.key}-${index}.example.com/path`
        : `${field.key}-${index}`;
  }
}

function filledValues(def: ConnectionTypeDef, option?: string): ConnectionFormValues {
  const values = defaultValuesOf(def);
  values.name = `my-${def.value}`;
  values.namespace = 'ops';
  fieldsOf(def).forEach((field, index) => {
    values[field.key] = sampleValue(field, index);
  });
  for (const group of groupsOf(def)) values[group.key] = option ?? group.default;
  // Fields of the option not chosen hold nothing (their columns are cleared on save).
  for (const group of groupsOf(def))
    for (const o of group.options)
      if (o.value !== values[group.key])
        for (const f of o.fields) values[f.key] = defaultValuesOf(def)[f.key] as string;
  return values;
}

describe('connection type definitions (spec 001 §3.2)', () => {
  it('has the 45 types of the spec, each once', () => {
    expect(CONNECTION_TYPES.map((d) => d.value).sort()).toEqual(Object.keys(SPEC).sort());
    expect(CONNECTION_TYPES).toHaveLength(45);
  });

  it.each(Object.entries(SPEC))(
    '%s: fields, where they are stored, required flags and defaults',
    (type, spec) => {
      const def = connectionTypeOf(type);
      expect(def).toBeDefined();
      if (!def) return;
      expect(fieldsOf(def).map(describeField)).toEqual(spec.fields);
      expect(def.notification === true).toBe(spec.notification === true);
      expect(def.hidden === true).toBe(spec.hidden === true);
      expect(hasConnectionIcon(def.icon)).toBe(true);
      expect(def.title.trim()).not.toBe('');
    },
  );

  it.each(CONNECTION_TYPES.map((d) => [d.value, d] as const))(
    '%s: a new form shows the defaults and requires exactly the required fields',
    (_type, def) => {
      const values = defaultValuesOf(def);
      expect(values.namespace).toBe('default');
      for (const field of fieldsOf(def))
        if (field.default !== undefined)
          expect(values[field.key]).toBe(field.kind === 'checkbox' ? field.default : String(field.default));
      const result = connectionFormSchema(def).safeParse(values);
      expect(result.success).toBe(false);
      const missing = result.success
        ? []
        : result.error.issues.filter((i) => i.message === REQUIRED_MESSAGE).map((i) => String(i.path[0]));
      const grouped = new Set(
        groupsOf(def).flatMap((g) => g.options.filter((o) => o.value !== g.default).flatMap((o) => o.fields)),
      );
      const expected = [
        'name',
        ...fieldsOf(def)
          .filter((f) => f.required && f.default === undefined && !grouped.has(f))
          .map((f) => f.key),
      ];
      expect(new Set(missing)).toEqual(new Set(expected));
    },
  );

  it('offers every type but jmeter in the picker, sorted by title', () => {
    const picker = pickerConnectionTypes();
    expect(picker).toHaveLength(44);
    expect(picker.map((d) => d.value)).not.toContain('jmeter');
    const titles = picker.map((d) => d.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(
      picker
        .filter((d) => d.notification)
        .map((d) => d.value)
        .sort(),
    ).toEqual(
      [
        'discord',
        'email',
        'google_chat',
        'ifttt',
        'mattermost',
        'matrix',
        'ntfy',
        'opsgenie',
        'pushbullet',
        'pushover',
        'rocketchat',
        'slack',
        'teams',
        'telegram',
        'zulip_chat',
        'generic_webhook',
      ].sort(),
    );
  });
});

describe('record ↔ form values round trip', () => {
  const cases: [string, ConnectionTypeDef, string | undefined][] = CONNECTION_TYPES.flatMap((def) => {
    const group = groupsOf(def)[0];
    return group
      ? group.options.map((o): [string, ConnectionTypeDef, string | undefined] => [
          `${def.value} (${o.label})`,
          def,
          o.value,
        ])
      : [[def.value, def, undefined]];
  });

  it.each(cases)('%s: record → values → record gives the same record', (_name, def, option) => {
    const values = filledValues(def, option);
    const payload = createPayload(def, values);
    expect(connectionFormSchema(def).parse(values)).toEqual(payload);
    const record: ConnectionRecord = { id: '01HX', source: 'UI', ...payload } as ConnectionRecord;
    const readBack = recordToValues(def, record);
    expect(readBack).toEqual(values);
    expect(createPayload(def, readBack)).toEqual(payload);
    // Saving the unchanged form sends nothing.
    expect(updatePayload(def, record, readBack)).toEqual({});
    // Properties are strings, as the backend keeps them.
    for (const value of Object.values(payload.properties ?? {})) expect(typeof value).toBe('string');
    expect(payload).toMatchObject({ name: `my-${def.value}`, namespace: 'ops', type: def.value });
  });

  it.each(CONNECTION_TYPES.filter((d) => d.deriveUrl).map((d) => [d.value, d] as const))(
    '%s: the notification URL is built from the fields without writing a secret into it',
    (_type, def) => {
      const values = filledValues(def);
      for (const field of fieldsOf(def))
        if (field.kind === 'secret')
          values[field.key] = { source: 'static', value: `TOPSECRET-${field.key}` };
      const payload = createPayload(def, values);
      expect(payload.url).toMatch(/^[a-z+]+:\/\//);
      expect(payload.url).not.toContain('TOPSECRET');
    },
  );
});

describe('saving an edit', () => {
  /** A stored connection of `type` in namespace default, and the form values the edit dialog opens with. */
  function editOf(type: string, fields: Omit<ConnectionRecord, 'id' | 'namespace' | 'type'>) {
    const def = connectionTypeOf(type)!;
    const record: ConnectionRecord = { id: '1', namespace: 'default', type, ...fields };
    return { def, record, values: recordToValues(def, record) };
  }

  const postgres = connectionTypeOf('postgres')!;
  const stored: ConnectionRecord = {
    id: '01HX',
    name: 'orders-db',
    namespace: 'default',
    type: 'postgres',
    url: 'postgres://db.internal:5432/orders',
    username: 'secret://orders-db/username',
    password: SECRET_MASK,
    properties: { region: 'eu-west-1' },
  };

  it('sends only the changed columns, never the masked secret, and keeps unmanaged properties', () => {
    const values = recordToValues(postgres, stored);
    expect(values.password).toEqual({ source: 'stored' });
    expect(values.username).toEqual({ source: 'secret', name: 'orders-db', key: 'username' });
    values.url = 'postgres://db2.internal:5432/orders';
    expect(connectionFormSchema(postgres, { original: stored }).parse(values)).toEqual({
      url: 'postgres://db2.internal:5432/orders',
    });
    values.password = { source: 'static', value: 'new-password' };
    expect(updatePayload(postgres, stored, values)).toEqual({
      url: 'postgres://db2.internal:5432/orders',
      password: 'new-password',
    });
  });

  it('writes properties whole, keeping keys the type does not manage', () => {
    const {
      def: redis,
      record,
      values,
    } = editOf('redis', {
      name: 'cache',
      url: 'redis://cache:6379',
      properties: { db: '0', owner: 'team-a' },
    });
    values.db = '3';
    expect(updatePayload(redis, record, values)).toEqual({ properties: { owner: 'team-a', db: '3' } });
  });

  it('switching git from Basic to SSH clears username and password', () => {
    const {
      def: git,
      record,
      values,
    } = editOf('git', {
      name: 'repo',
      url: 'https://git/x.git',
      username: 'bot',
      password: 'secret://git/token',
      properties: { ref: 'main' },
    });
    expect(values.authentication).toBe('basic');
    values.authentication = 'ssh';
    values.certificate = { source: 'secret', name: 'git', key: 'ssh-key' };
    expect(updatePayload(git, record, values)).toEqual({
      username: null,
      password: null,
      certificate: 'secret://git/ssh-key',
    });
    expect(
      recordToValues(git, { ...record, username: null, password: null, certificate: 'secret://git/ssh-key' })
        .authentication,
    ).toBe('ssh');
  });

  it('asks for a masked secret stored in properties again when other properties change', () => {
    const {
      def: restic,
      record,
      values,
    } = editOf('restic', {
      name: 'backups',
      url: 's3:https://s3/bucket',
      password: SECRET_MASK,
      properties: { awsConnectionName: 'aws-main', accessKey: 'secret://aws/id', secretKey: SECRET_MASK },
    });
    const schema = connectionFormSchema(restic, { original: record });
    expect(schema.parse(values)).toEqual({});
    values.url = 's3:https://s3/other';
    expect(schema.parse(values)).toEqual({ url: 's3:https://s3/other' });
    values.awsConnectionName = 'aws-other';
    const result = schema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual(['secretKey']);
    values.secretKey = { source: 'secret', name: 'aws', key: 'secret' };
    expect(schema.parse(values)).toEqual({
      url: 's3:https://s3/other',
      properties: {
        awsConnectionName: 'aws-other',
        accessKey: 'secret://aws/id',
        secretKey: 'secret://aws/secret',
      },
    });
  });
});
