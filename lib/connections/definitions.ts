import { typeInfo } from '@/lib/connections/catalog';
import type { ConnectionField, ConnectionTypeDef, ValueReader } from '@/lib/connections/types';

/**
 * The 45 connection types of spec 001 §3.2, one definition each. Required flags and defaults are the spec's table;
 * where the table is silent, the earlier console's (reference/upstream-ui.md §4.1) are kept. Every field says
 * where it is stored: a column or a key of `properties` (the backend keeps properties as strings).
 * tests/unit/connections/definitions.test.ts holds the table these must match.
 */

type FieldOptions = Partial<Omit<ConnectionField, 'key' | 'target'>>;

const url = (o: FieldOptions = {}): ConnectionField => ({
  key: 'url',
  label: 'URL',
  kind: 'text',
  target: { column: 'url' },
  ...o,
});
/** A user name that may also come from a ConfigMap or Secret (shown unmasked). */
const username = (o: FieldOptions = {}): ConnectionField => ({
  key: 'username',
  label: 'Username',
  kind: 'secret',
  sensitive: false,
  target: { column: 'username' },
  ...o,
});
/** The username column as plain text (ids, channels, organisations). */
const usernameText = (label: string, o: FieldOptions = {}): ConnectionField => ({
  key: 'username',
  label,
  kind: 'text',
  target: { column: 'username' },
  ...o,
});
const password = (o: FieldOptions = {}): ConnectionField => ({
  key: 'password',
  label: 'Password',
  kind: 'secret',
  target: { column: 'password' },
  ...o,
});
const certificate = (o: FieldOptions = {}): ConnectionField => ({
  key: 'certificate',
  label: 'Certificate',
  kind: 'secret',
  multiline: true,
  target: { column: 'certificate' },
  ...o,
});
const insecureTls = (): ConnectionField => ({
  key: 'insecure_tls',
  label: 'Insecure TLS',
  kind: 'checkbox',
  target: { column: 'insecure_tls' },
});
const property = (key: string, label: string, o: FieldOptions = {}): ConnectionField => ({
  key,
  label,
  kind: 'text',
  target: { property: key },
  ...o,
});
const numberProperty = (key: string, label: string, o: FieldOptions = {}): ConnectionField =>
  property(key, label, { kind: 'number', ...o });

/** url, username and password, all required (the database types of the spec's table). */
const databaseFields = (): ConnectionField[] => [
  url({ required: true }),
  username({ required: true }),
  password({ required: true }),
];

const awsFields = (): ConnectionField[] => [
  property('region', 'Region'),
  property('profile', 'Profile'),
  username({ label: 'Access Key' }),
  password({ label: 'Secret Key' }),
  { key: 'insecure_tls', label: 'Insecure TLS', kind: 'checkbox', target: { property: 'insecureTLS' } },
];

const enc = encodeURIComponent;
/** `user@` when a user is given, else nothing. */
const userPart = (read: ValueReader, key: string) => (read(key) ? `${enc(read(key))}@` : '');

export const CONNECTION_TYPES: readonly ConnectionTypeDef[] = [
  {
    ...typeInfo('anthropic'),
    fields: [
      property('model', 'Model'),
      url({ label: 'Base URL', hint: 'appropriate when using a proxy' }),
      password({ label: 'API Key', required: true }),
    ],
  },
  {
    ...typeInfo('openai'),
    fields: [
      url({ hint: 'appropriate when using a proxy' }),
      property('model', 'Model'),
      password({ label: 'API Key', required: true }),
    ],
  },
  {
    ...typeInfo('ollama'),
    fields: [
      url({ required: true }),
      property('model', 'Model'),
      password({ label: 'API Key', required: true }),
    ],
  },
  { ...typeInfo('aws'), fields: awsFields() },
  { ...typeInfo('s3'), fields: [...awsFields(), property('bucket', 'Bucket', { required: true })] },
  {
    ...typeInfo('azure'),
    fields: [
      usernameText('Client ID', { required: true }),
      password({ label: 'Client Secret', required: true }),
      property('tenant', 'Tenant ID', { required: true }),
    ],
  },
  {
    ...typeInfo('azure_devops'),
    fields: [
      usernameText('Organization', { required: true }),
      password({ label: 'Personal Access Token', required: true }),
    ],
  },
  {
    ...typeInfo('discord'),
    fields: [usernameText('Webhook ID', { required: true }), password({ label: 'Token', required: true })],
    deriveUrl: (read) => `discord://$(password)@${enc(read('username'))}`,
  },
  {
    ...typeInfo('dynatrace'),
    fields: [
      url({ label: 'Host', required: true }),
      password({ label: 'API Key', required: true }),
      property('scheme', 'Scheme', { required: true, hint: 'https or http' }),
    ],
  },
  { ...typeInfo('elasticsearch'), fields: [...databaseFields(), insecureTls()] },
  {
    ...typeInfo('email'),
    fields: [
      property('host', 'Host', { required: true }),
      numberProperty('port', 'Port', { required: true, default: 587 }),
      insecureTls(),
      username(),
      password({ hint: 'SMTP server password or hash (for OAuth2)' }),
      property('from', 'From Address', { required: true }),
      property('fromName', 'From Name', { required: true }),
      {
        key: 'encryptionMethod',
        label: 'Encryption method',
        kind: 'choice',
        target: { property: 'encryptionMethod' },
        required: true,
        default: 'Auto',
        options: [
          { value: 'None', label: 'None' },
          { value: 'ExplicitTLS', label: 'ExplicitTLS' },
          { value: 'ImplicitTLS', label: 'ImplicitTLS' },
          { value: 'Auto', label: 'Auto (default)' },
        ],
      },
      {
        key: 'authMethod',
        label: 'SMTP authentication method',
        kind: 'choice',
        target: { property: 'authMethod' },
        required: true,
        default: 'Unknown',
        options: [
          { value: 'None', label: 'None' },
          { value: 'Plain', label: 'Plain' },
          { value: 'CRAMMD5', label: 'CRAMMD5' },
          { value: 'Unknown', label: 'Unknown' },
          { value: 'OAuth2', label: 'OAuth2' },
        ],
      },
    ],
    deriveUrl: (read) => {
      const query = new URLSearchParams({
        UseStartTLS: String(read('encryptionMethod') === 'ExplicitTLS'),
        SkipTLSVerify: String(read('insecure_tls') === 'true'),
        Encryption: read('encryptionMethod'),
        Auth: read('authMethod'),
        from: read('from'),
        fromName: read('fromName'),
      });
      return `smtp://$(username):$(password)@${read('host')}:${read('port')}/?${query.toString()}`;
    },
  },
  {
    ...typeInfo('google_cloud'),
    fields: [url({ label: 'Endpoint', required: true }), certificate({ required: true })],
  },
  {
    ...typeInfo('generic_webhook'),
    fields: [
      url({ required: true }),
      property('contentType', 'ContentType', { default: 'application/json' }),
      {
        key: 'requestMethod',
        label: 'Request Method',
        kind: 'choice',
        target: { property: 'requestMethod' },
        required: true,
        default: 'POST',
        options: [
          { value: 'POST', label: 'POST' },
          { value: 'GET', label: 'GET' },
        ],
      },
      property('key', 'Message Key', { required: true, default: 'message' }),
      property('titleKey', 'Title Key', { required: true, default: 'title' }),
      insecureTls(),
    ],
  },
  {
    ...typeInfo('git'),
    fields: [
      url({ required: true }),
      {
        key: 'authentication',
        label: 'Authentication',
        kind: 'group-switch',
        default: 'basic',
        options: [
          { value: 'basic', label: 'Basic', fields: [username(), password()] },
          { value: 'ssh', label: 'SSH', fields: [certificate({ label: 'SSH Key' })] },
        ],
      },
      property('ref', 'Ref', { required: true, default: 'main' }),
    ],
  },
  { ...typeInfo('github'), fields: [password({ label: 'Personal Access Token', required: true })] },
  {
    ...typeInfo('google_chat'),
    fields: [
      username({ label: 'Key', required: true, sensitive: true }),
      password({ label: 'Token', required: true }),
      property('webhook', 'Webhook Name', { required: true }),
    ],
    deriveUrl: (read) =>
      `googlechat://chat.googleapis.com/v1/spaces/${enc(read('webhook'))}/messages?key=$(username)&token=$(password)`,
  },
  { ...typeInfo('http'), fields: [...databaseFields(), insecureTls()] },
  {
    ...typeInfo('ifttt'),
    fields: [usernameText('Webhook ID', { required: true })],
    deriveUrl: (read) => `ifttt://${enc(read('username'))}`,
  },
  {
    ...typeInfo('jmeter'),
    fields: [url({ label: 'Host', required: true }), numberProperty('port', 'Port')],
  },
  { ...typeInfo('kubernetes'), fields: [certificate({ hint: 'A kubeconfig' })] },
  { ...typeInfo('ldap'), fields: [...databaseFields(), insecureTls()] },
  {
    ...typeInfo('matrix'),
    fields: [
      usernameText('User', { hint: 'Username or empty when using access token' }),
      password({ hint: 'Password or access token', required: true }),
      property('host', 'Host', { required: true }),
      insecureTls(),
    ],
    deriveUrl: (read) =>
      `matrix://${enc(read('username'))}:$(password)@${read('host')}/?DisableTLS=${read('insecure_tls') === 'true'}`,
  },
  {
    ...typeInfo('mattermost'),
    fields: [
      usernameText('Username', { hint: 'Override webhook user' }),
      property('host', 'Host', { required: true, hint: 'Mattermost server host (host:port)' }),
      password({ label: 'Token', required: true, hint: 'Webhook token' }),
      property('channel', 'Channel', { hint: 'Override webhook channel' }),
    ],
    deriveUrl: (read) =>
      `mattermost://${userPart(read, 'username')}${read('host')}/$(password)${read('channel') ? `/${enc(read('channel'))}` : ''}`,
  },
  { ...typeInfo('mongo'), fields: [...databaseFields(), insecureTls()] },
  { ...typeInfo('mysql'), fields: databaseFields() },
  {
    ...typeInfo('ntfy'),
    fields: [
      usernameText('Username'),
      password(),
      property('host', 'Host', { required: true, default: 'ntfy.sh', hint: 'Server hostname and port' }),
      property('topic', 'Topic', { required: true, hint: 'Target topic name' }),
      insecureTls(),
    ],
    deriveUrl: (read) =>
      `ntfy://${read('username') ? `${enc(read('username'))}:$(password)@` : ''}${read('host')}/${enc(read('topic'))}?Scheme=${read('insecure_tls') === 'true' ? 'http' : 'https'}`,
  },
  {
    ...typeInfo('opsgenie'),
    fields: [
      property('host', 'Host', { required: true, default: 'api.opsgenie.com' }),
      numberProperty('port', 'Port', { required: true, default: 443 }),
      password({ label: 'API Key', required: true }),
    ],
    deriveUrl: (read) => `opsgenie://${read('host')}:${read('port')}/$(password)`,
  },
  { ...typeInfo('postgres'), fields: databaseFields() },
  {
    ...typeInfo('prometheus'),
    fields: [url({ required: true }), username(), password(), insecureTls()],
  },
  {
    ...typeInfo('pushbullet'),
    fields: [
      password({ label: 'Token', required: true }),
      property('targets', 'Targets', { required: true }),
    ],
    deriveUrl: (read) => `pushbullet://$(password)/${read('targets')}`,
  },
  {
    ...typeInfo('pushover'),
    fields: [usernameText('User', { required: true }), password({ label: 'Token', required: true })],
    deriveUrl: (read) => `pushover://shoutrrr:$(password)@${enc(read('username'))}/`,
  },
  {
    ...typeInfo('redis'),
    fields: [
      numberProperty('db', 'Database', { required: true, default: 0 }),
      url({ required: true }),
      username(),
      password(),
      insecureTls(),
    ],
  },
  {
    ...typeInfo('restic'),
    fields: [
      password({ required: true }),
      url({ label: 'Repository URL', required: true }),
      property('awsConnectionName', 'AWS Connection Name', { required: true }),
      {
        key: 'accessKey',
        label: 'Access Key',
        kind: 'secret',
        sensitive: false,
        target: { property: 'accessKey' },
        required: true,
      },
      {
        key: 'secretKey',
        label: 'Secret Key',
        kind: 'secret',
        target: { property: 'secretKey' },
        required: true,
      },
    ],
  },
  {
    ...typeInfo('rocketchat'),
    fields: [
      property('user', 'Username'),
      property('host', 'Host', { required: true }),
      numberProperty('port', 'Port', { required: true }),
      username({ label: 'Token A', required: true, sensitive: true }),
      password({ label: 'Token B', required: true }),
      property('channel', 'Channel', { required: true }),
    ],
    deriveUrl: (read) =>
      `rocketchat://${userPart(read, 'user')}${read('host')}:${read('port')}/$(username)/$(password)/${enc(read('channel'))}`,
  },
  {
    ...typeInfo('sftp'),
    fields: [
      { key: 'host', label: 'Host', kind: 'text', target: { column: 'url' }, required: true },
      username({ required: true }),
      password({ required: true }),
      numberProperty('port', 'Port', { default: 22 }),
    ],
  },
  {
    ...typeInfo('slack'),
    fields: [
      usernameText('Channel', { required: true, hint: 'Channel to send messages to in Cxxxxxxxxxx format' }),
      password({ label: 'Bot Token', required: true }),
      { key: 'botName', label: 'Bot Name', kind: 'text', target: { property: 'BotName' } },
    ],
    deriveUrl: (read) =>
      `slack://$(password)@${enc(read('username'))}${read('botName') ? `?BotName=${enc(read('botName'))}` : ''}`,
  },
  {
    ...typeInfo('smb'),
    fields: [
      { key: 'server', label: 'Server', kind: 'text', target: { column: 'url' }, required: true },
      numberProperty('port', 'Port', { default: 445 }),
      { key: 'share', label: 'Share', kind: 'text', target: { property: 'sharename' }, required: true },
      property('workstation', 'Workstation'),
      property('searchPath', 'Search path'),
      usernameText('Username'),
      password(),
    ],
  },
  { ...typeInfo('sql_server'), fields: databaseFields() },
  {
    ...typeInfo('teams'),
    fields: [
      property('group', 'Group'),
      property('tenant', 'Tenant', { required: true }),
      property('altID', 'AltID', { required: true }),
      property('groupOwner', 'GroupOwner', { required: true }),
      property('host', 'Host', { required: true, default: 'outlook.office.com' }),
    ],
    deriveUrl: (read) =>
      `teams://${userPart(read, 'group')}${enc(read('tenant'))}/${enc(read('altID'))}/${enc(read('groupOwner'))}?host=${enc(read('host'))}`,
  },
  {
    ...typeInfo('telegram'),
    fields: [
      password({ label: 'Token', required: true }),
      usernameText('Chats', { required: true, hint: 'Chat IDs or Channel names (using @channel-name)' }),
    ],
    deriveUrl: (read) => `telegram://$(password)@telegram/?Chats=${enc(read('username'))}`,
  },
  {
    ...typeInfo('windows'),
    fields: [username({ required: true }), password({ required: true }), property('domain', 'Domain')],
  },
  {
    ...typeInfo('zulip_chat'),
    fields: [
      usernameText('BotMail', { hint: 'Bot e-mail address' }),
      password({ label: 'BotKey', required: true }),
      property('host', 'Host', { required: true }),
    ],
    deriveUrl: (read) => `zulip://${enc(read('username'))}:$(password)@${read('host')}/`,
  },
  { ...typeInfo('folder'), fields: [property('path', 'Path', { required: true })] },
  {
    ...typeInfo('gcs'),
    fields: [url({ label: 'Endpoint', required: true }), certificate({ required: true })],
  },
  { ...typeInfo('gitlab'), fields: [password({ label: 'Personal Access Token', required: true })] },
];
