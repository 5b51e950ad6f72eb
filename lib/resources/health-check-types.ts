import {
  connectionSwitch,
  type SpecField,
  type SpecFieldDef,
  type SpecFieldSwitch,
  type SpecTypeDef,
} from '@/lib/resources/spec-types';

/**
 * Health-check spec types (spec 001 §3.6, §9; reference/upstream-ui.md §4.2): nine with forms, the others in code
 * only. Required fields follow the canary schema (lib/embedded-backend/schemas/canary.spec.schema.json).
 */

const DOCS = 'https://canarychecker.io/reference';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const HTTP_RESPONSE_CODES = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503] as const;
const opts = (values: readonly (string | number)[]) =>
  values.map((v) => ({ value: String(v), label: String(v) }));

const checkName: SpecField = {
  path: 'name',
  label: 'Check name',
  kind: 'text',
  hint: "Defaults to the health check's name",
};
const description: SpecField = { path: 'description', label: 'Description', kind: 'text' };
const username: SpecField = { path: 'username', label: 'Username', kind: 'envVar' };
const password: SpecField = { path: 'password', label: 'Password', kind: 'envVar' };
const connection: SpecField = {
  path: 'connection',
  label: 'Connection',
  kind: 'text',
  placeholder: 'connection://namespace/name',
};
const thresholdMillis: SpecField = { path: 'thresholdMillis', label: 'Threshold (ms)', kind: 'number' };

/** Scripts: None, Go Template, Javascript, Expr, JSONPath (spec 001 §4), written to `test.<language>`. */
export const SCRIPT_SWITCH: SpecFieldSwitch = {
  kind: 'switch',
  key: 'switch_script',
  label: 'Test script',
  options: [
    { value: 'none', label: 'None', fields: [] },
    {
      value: 'template',
      label: 'Go Template',
      fields: [{ path: 'test.template', label: 'Go Template', kind: 'textarea', required: true }],
    },
    {
      value: 'javascript',
      label: 'Javascript',
      fields: [{ path: 'test.javascript', label: 'Javascript', kind: 'textarea', required: true }],
    },
    {
      value: 'expr',
      label: 'Expr',
      fields: [{ path: 'test.expr', label: 'Expr', kind: 'textarea', required: true }],
    },
    {
      value: 'jsonPath',
      label: 'JSONPath',
      fields: [{ path: 'test.jsonPath', label: 'JSONPath', kind: 'text', required: true }],
    },
  ],
};

/** Authentication of HTTP checks: None, Basic, NTLM, NTLMv2 (spec 001 §9). */
const HTTP_AUTH: SpecFieldSwitch = {
  kind: 'switch',
  key: 'switch_authentication',
  label: 'Authentication',
  options: [
    { value: 'none', label: 'None', fields: [] },
    { value: 'basic', label: 'Basic', fields: [username, password] },
    { value: 'ntlm', label: 'NTLM', fields: [username, password], markers: ['ntlm'] },
    { value: 'ntlmv2', label: 'NTLMv2', fields: [username, password], markers: ['ntlmv2'] },
  ],
};

/**
 * How a folder check reaches its path (canarychecker.io/reference/folder): None for a local path, an S3 bucket
 * through `awsConnection`, a GCS bucket through `gcpConnection`. SFTP and SMB are left out on purpose: a folder
 * check with `sftpConnection` or `smbConnection` is the code-only SFTP or SMB type (spec 001 §3.6), so the form
 * never writes what would reopen as another type.
 */
const FOLDER_CONNECTION = connectionSwitch([
  {
    value: 'aws',
    label: 'AWS',
    fields: [
      { ...connection, path: 'awsConnection.connection', hint: 'A stored AWS connection, or the keys below' },
      { path: 'awsConnection.accessKey', label: 'Access key', kind: 'envVar' },
      { path: 'awsConnection.secretKey', label: 'Secret key', kind: 'envVar' },
      { path: 'awsConnection.region', label: 'Region', kind: 'text', placeholder: 'us-east-1' },
      { path: 'awsConnection.endpoint', label: 'Endpoint', kind: 'text', hint: 'For S3-compatible stores' },
    ],
  },
  {
    value: 'gcp',
    label: 'GCP',
    fields: [
      {
        ...connection,
        path: 'gcpConnection.connection',
        hint: 'A stored GCP connection, or the credentials below',
      },
      { path: 'gcpConnection.credentials', label: 'Credentials', kind: 'envVar' },
      { path: 'gcpConnection.endpoint', label: 'Endpoint', kind: 'text' },
    ],
  },
]);

/** Optional credentials of checks that take them (None or Basic). */
const OPTIONAL_AUTH: SpecFieldSwitch = {
  kind: 'switch',
  key: 'switch_authentication',
  label: 'Authentication',
  options: [
    { value: 'none', label: 'None', fields: [] },
    { value: 'basic', label: 'Basic', fields: [username, password] },
  ],
};

const check = (
  name: string,
  label: string,
  icon: string,
  fields: readonly SpecFieldDef[],
  specKey = name,
): SpecTypeDef => ({
  name,
  label,
  icon,
  mode: 'form',
  specKey,
  entryName: true,
  fields: [checkName, description, ...fields, SCRIPT_SWITCH],
  docsUrl: `${DOCS}/${name}`,
});

const code = (
  name: string,
  label: string,
  icon: string,
  template: Record<string, unknown>,
  folderVia?: string,
): SpecTypeDef => ({
  name,
  label,
  icon,
  mode: 'code',
  // SFTP and SMB are folder checks told apart by their connection key (canarychecker.io/reference/folder).
  specKey: folderVia ? 'folder' : name,
  ...(folderVia ? { entryMarker: folderVia } : {}),
  template,
  docsUrl: `${DOCS}/${folderVia ? 'folder' : name}`,
});

export const HEALTH_CHECK_TYPES: readonly SpecTypeDef[] = [
  check('http', 'HTTP', 'globe', [
    { path: 'url', label: 'URL', kind: 'text', required: true, placeholder: 'https://example.com/health' },
    { path: 'method', label: 'Method', kind: 'select', options: opts(HTTP_METHODS), default: 'GET' },
    { path: 'body', label: 'Body', kind: 'textarea', showWhen: { path: 'method', values: ['POST', 'PUT'] } },
    {
      path: 'responseCodes',
      label: 'Response codes',
      kind: 'multiselect',
      numeric: true,
      options: opts(HTTP_RESPONSE_CODES),
    },
    {
      path: 'responseContent',
      label: 'Response content',
      kind: 'text',
      hint: 'Text the response must contain',
    },
    { path: 'maxSSLExpiry', label: 'Max SSL expiry (days)', kind: 'number' },
    thresholdMillis,
    HTTP_AUTH,
  ]),
  check('exec', 'Exec', 'terminal', [{ path: 'script', label: 'Script', kind: 'textarea', required: true }]),
  check('redis', 'Redis', 'database', [
    { path: 'addr', label: 'Address', kind: 'text', required: true, placeholder: 'redis:6379' },
    { path: 'db', label: 'Database', kind: 'number', default: 0 },
    OPTIONAL_AUTH,
  ]),
  check('mongodb', 'Mongo', 'leaf', [
    { ...connection, label: 'Connection URL', required: true, placeholder: 'mongodb://host:27017' },
    OPTIONAL_AUTH,
  ]),
  check('tcp', 'TCP', 'cable', [
    { path: 'endpoint', label: 'Endpoint', kind: 'text', required: true, placeholder: 'host:port' },
    thresholdMillis,
  ]),
  check('icmp', 'ICMP', 'radar', [
    // The spec's `host` (001 §5): the canary schema stores the pinged host in `endpoint`.
    {
      path: 'endpoint',
      label: 'Host',
      kind: 'text',
      required: true,
      placeholder: 'host or address',
      hint: 'Address to ping',
    },
    thresholdMillis,
    { path: 'packetLossThreshold', label: 'Packet loss threshold (%)', kind: 'number' },
    { path: 'packetCount', label: 'Packet count', kind: 'number' },
  ]),
  check('elasticsearch', 'Elasticsearch', 'search', [
    { path: 'url', label: 'URL', kind: 'text', required: true },
    { path: 'index', label: 'Index', kind: 'text', required: true },
    { path: 'query', label: 'Query', kind: 'textarea', required: true, hint: 'Query DSL as JSON' },
    { path: 'results', label: 'Expected results', kind: 'number' },
    OPTIONAL_AUTH,
  ]),
  check('folder', 'Folder', 'folder', [
    {
      path: 'path',
      label: 'Path',
      kind: 'text',
      required: true,
      hint: 'A local path, s3://, gcs://, smb:// or sftp:// URL',
    },
    { path: 'filter.regex', label: 'File name regex', kind: 'text' },
    { path: 'minAge', label: 'Min age', kind: 'text', placeholder: '1h' },
    { path: 'maxAge', label: 'Max age', kind: 'text', placeholder: '24h' },
    { path: 'minCount', label: 'Min count', kind: 'number' },
    { path: 'maxCount', label: 'Max count', kind: 'number' },
    FOLDER_CONNECTION,
  ]),
  check('alertmanager', 'Alert Manager', 'siren', [
    { path: 'url', label: 'URL', kind: 'text', required: true },
    { path: 'alerts', label: 'Alerts', kind: 'list', hint: 'One alert name per line' },
    { path: 'ignore', label: 'Ignore', kind: 'list', hint: 'One alert name per line' },
    { path: 'filters', label: 'Filters', kind: 'keyValue' },
    OPTIONAL_AUTH,
  ]),
  code('dns', 'DNS', 'at-sign', {
    dns: [{ name: 'dns-check', server: '8.8.8.8', port: 53, query: 'example.com', querytype: 'A' }],
  }),
  code('s3', 'S3', 'archive', { s3: [{ name: 's3-check', bucketName: 'bucket', region: 'us-east-1' }] }),
  code(
    'sftp',
    'SFTP',
    'folder-lock',
    {
      folder: [
        {
          name: 'sftp-check',
          path: 'sftp://sftp.example.com/uploads',
          sftpConnection: { host: 'sftp.example.com', port: 22, username: 'user', password: 'password' },
          maxAge: '24h',
          minCount: 1,
        },
      ],
    },
    'sftpConnection',
  ),
  code(
    'smb',
    'SMB',
    'network',
    {
      folder: [
        {
          name: 'smb-check',
          path: 'smb://fileserver/share/backups',
          smbConnection: { port: 445, domain: 'WORKGROUP', username: 'user', password: 'password' },
          maxAge: '24h',
          minCount: 1,
        },
      ],
    },
    'smbConnection',
  ),
  code('postgres', 'Postgres', 'database-zap', {
    postgres: [
      { name: 'postgres-check', connection: 'connection://default/postgres', query: 'SELECT 1', results: 1 },
    ],
  }),
  code('mysql', 'MySQL', 'database-zap', {
    mysql: [{ name: 'mysql-check', connection: 'connection://default/mysql', query: 'SELECT 1', results: 1 }],
  }),
  code('mssql', 'SQL Server', 'database-zap', {
    mssql: [{ name: 'mssql-check', connection: 'connection://default/mssql', query: 'SELECT 1', results: 1 }],
  }),
  code('kubernetes', 'Kubernetes', 'ship', {
    kubernetes: [{ name: 'pods-ready', kind: 'Pod', ready: true, namespaceSelector: { name: 'default' } }],
  }),
  code('prometheus', 'Prometheus', 'flame', {
    prometheus: [{ name: 'prometheus-check', url: 'http://prometheus:9090', query: 'up' }],
  }),
  code('junit', 'JUnit', 'flask-conical', {
    junit: [{ name: 'junit-check', testResults: '/tmp/junit-results/', spec: {} }],
  }),
  { name: 'custom', label: 'Custom', icon: 'code', mode: 'code', template: {}, docsUrl: DOCS },
];
