import { CONNECTION_TYPES, createPayload, defaultValuesOf, fieldsOf } from '@/lib/connections';
import type { ConnectionField, ConnectionFormValues, ConnectionTypeDef } from '@/lib/connections';
import type { SecretValue } from '@/lib/forms/secret-value';
import type { SeedRow } from './bulk-insert';

/**
 * Demo connections: every type of spec 001 §3.2 at least once, each row built by the console's own mapping from form
 * values (lib/connections/mapping.ts createPayload), so columns and properties are exactly what the connection form
 * would store. Secrets come as literals, `secret://name/key` and `configmap://name/key` references in turn. Names and
 * URLs marked broken (`broken`, `expired`, `unreachable`, an `.invalid` host) are the ones POST /connection/test
 * fails for (endpoints/connection.ts).
 */

interface Variant {
  name: string;
  namespace?: string;
  /** Overrides of field values by key (group switches included). */
  values?: Record<string, string | boolean | SecretValue>;
  source?: string;
  deleted?: boolean;
}

const URLS: Record<string, string> = {
  anthropic: 'https://api.anthropic.com',
  openai: 'https://api.openai.com/v1',
  ollama: 'http://ollama.ai-platform.svc:11434',
  dynatrace: 'abc12345.live.dynatrace.com',
  elasticsearch: 'https://logs-es.platform.svc:9200',
  google_cloud: 'https://compute.googleapis.com',
  generic_webhook: 'https://hooks.example.com/mission-control/alerts',
  git: 'https://github.com/acme/platform-config.git',
  http: 'https://status.acme.example.com/api/v2/summary.json',
  jmeter: 'jmeter-runner.perf.svc',
  ldap: 'ldaps://ldap.corp.example.com:636',
  mongo: 'mongodb://mongo-0.data.svc:27017/orders',
  mysql: 'mysql://mysql.payments.svc:3306/ledger',
  postgres: 'postgres://db.payments.svc:5432/app?sslmode=require',
  prometheus: 'https://prometheus.monitoring.svc:9090',
  redis: 'redis://redis-master.cache.svc:6379',
  restic: 's3:https://s3.eu-west-1.amazonaws.com/acme-backups/restic',
  sftp: 'sftp.partner.example.com',
  smb: 'fileserver01.corp.example.com',
  sql_server: 'sqlserver://mssql.finance.svc:1433?database=reporting',
  gcs: 'https://storage.googleapis.com',
};

const TEXT: Record<string, string> = {
  model: 'gpt-4o-mini',
  region: 'eu-west-1',
  profile: 'platform-readonly',
  bucket: 'acme-artifacts-eu',
  tenant: '72f988bf-86f1-41af-91ab-2d7cd011db47',
  scheme: 'https',
  host: 'smtp.sendgrid.net',
  from: 'alerts@acme.example.com',
  fromName: 'Mission Control',
  contentType: 'application/json',
  ref: 'main',
  webhook: 'AAAAkd3x9Ls',
  botName: 'mission-control',
  awsConnectionName: 'aws-backup-writer',
  user: 'mc-bot',
  channel: 'ops-alerts',
  share: 'Operations',
  workstation: 'MC-RUNNER',
  searchPath: '/reports/daily',
  group: 'platform',
  altID: '4b2c1a90-3f8e-4e7e-9a51-5b4e8d1f0c22',
  groupOwner: '19f0a6c3-64a2-4a8b-b2b4-7f3a0c8e1d55',
  topic: 'mission-control-alerts',
  targets: 'ujpah72o0sjAoRtnM0jc',
  domain: 'CORP',
  path: '/var/lib/mission-control/exports',
};

/** The value a text field gets: the column fields by label, properties by key, hosts by type. */
function textValue(def: ConnectionTypeDef, field: ConnectionField): string {
  if (field.key === 'url' || field.key === 'server' || (field.key === 'host' && 'column' in field.target))
    return URLS[def.value] ?? `https://${def.value}.example.com`;
  if (field.key === 'username') {
    switch (field.label) {
      case 'Client ID':
        return '5d0b2f6e-1c9a-4b7e-8f3d-2a6c9e1b4d70';
      case 'Organization':
        return 'acme-platform';
      case 'Webhook ID':
        return def.value === 'discord' ? '1187230940581761034' : 'mc_alerts_trigger';
      case 'Channel':
        return 'C04QF8M2L1Z';
      case 'Chats':
        return '@acme-oncall';
      case 'BotMail':
        return 'alerts-bot@acme.zulipchat.com';
      case 'User':
        return def.value === 'pushover' ? 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG' : '@mc-bot:matrix.org';
      default:
        return 'svc-mission-control';
    }
  }
  if (field.key === 'host') {
    const hosts: Record<string, string> = {
      email: 'smtp.sendgrid.net',
      matrix: 'matrix.org',
      mattermost: 'chat.acme.example.com',
      ntfy: 'ntfy.sh',
      opsgenie: 'api.eu.opsgenie.com',
      rocketchat: 'rocket.acme.example.com',
      teams: 'outlook.office.com',
      zulip_chat: 'acme.zulipchat.com',
    };
    return hosts[def.value] ?? `${def.value}.example.com`;
  }
  return TEXT[field.key] ?? `${field.key}-value`;
}

function numberValue(def: ConnectionTypeDef, field: ConnectionField): string {
  if (field.default !== undefined) return String(field.default);
  const ports: Record<string, string> = { rocketchat: '443', jmeter: '1099' };
  return ports[def.value] ?? '1';
}

const PEM = [
  '-----BEGIN CERTIFICATE-----',
  'MIIDdzCCAl+gAwIBAgIUYk2QmVx4c1v6O1P2n1iC3mF0m8AwDQYJKoZIhvcNAQEL',
  'BQAwSzELMAkGA1UEBhMCREUxDTALBgNVBAoMBEFjbWUxLTArBgNVBAMMJGFjbWUt',
  'cGxhdGZvcm0tY2EuaW50ZXJuYWwuZXhhbXBsZS5jb20wHhcNMjUwMTAxMDAwMDAw',
  '-----END CERTIFICATE-----',
].join('\n');

/** Static, Secret and ConfigMap values in turn, so every encoding of a secret field occurs across the types. */
function secretValue(def: ConnectionTypeDef, field: ConnectionField, turn: number): SecretValue {
  const object = `${def.value.replace(/_/g, '-')}-credentials`;
  const key =
    field.key === 'username'
      ? 'username'
      : field.key === 'certificate'
        ? def.value === 'kubernetes'
          ? 'kubeconfig'
          : 'tls.crt'
        : field.key;
  switch (turn % 3) {
    case 0:
      return { source: 'secret', name: object, key };
    case 1:
      if (field.sensitive === false)
        return { source: 'configmap', name: `${def.value.replace(/_/g, '-')}-config`, key };
      return { source: 'secret', name: object, key };
    default:
      if (field.key === 'certificate') return { source: 'static', value: PEM };
      if (field.sensitive === false)
        return {
          source: 'static',
          value: field.key === 'username' ? 'svc-mission-control' : `${field.key}-demo`,
        };
      return { source: 'static', value: `demo-${def.value}-${field.key}-7f3a9c` };
  }
}

function valuesFor(def: ConnectionTypeDef, variant: Variant, turn: number): ConnectionFormValues {
  const values = defaultValuesOf(def);
  values.name = variant.name;
  values.namespace = variant.namespace ?? 'default';
  Object.assign(values, variant.values ?? {});
  fieldsOf(def).forEach((field, i) => {
    if (variant.values && field.key in variant.values) return;
    switch (field.kind) {
      case 'checkbox':
        values[field.key] = def.value === 'elasticsearch' || def.value === 'ldap';
        break;
      case 'choice':
        break;
      case 'number':
        values[field.key] = numberValue(def, field);
        break;
      case 'secret':
        values[field.key] = secretValue(def, field, turn + i);
        break;
      default:
        if (field.default !== undefined && field.key !== 'host') values[field.key] = String(field.default);
        else values[field.key] = textValue(def, field);
    }
  });
  return values;
}

/** Extra rows beyond one per type: a second git in SSH mode, broken ones for the test endpoint, a deleted one. */
const EXTRA: Record<string, Variant[]> = {
  postgres: [
    {
      name: 'postgres-legacy-broken',
      namespace: 'payments',
      values: { url: 'postgres://db-legacy.payments.svc:5432/app' },
    },
    { name: 'inventory', namespace: 'default' },
  ],
  slack: [
    { name: 'alerts', namespace: 'default' },
    { name: 'slack-expired-token', namespace: 'monitoring' },
  ],
  http: [{ name: 'partner-status', values: { url: 'https://status.partner.invalid/health' } }],
  aws: [{ name: 'aws-expired-keys', namespace: 'platform', source: 'KubernetesCRD' }],
  kubernetes: [{ name: 'kubernetes-edge-unreachable', namespace: 'platform' }],
  git: [
    {
      name: 'gitops-ssh',
      namespace: 'platform',
      values: { authentication: 'ssh', url: 'git@github.com:acme/gitops.git', ref: 'production' },
    },
  ],
  email: [{ name: 'smtp-relay-old', deleted: true }],
  openai: [{ name: 'openai-invalid-key', namespace: 'ai-platform' }],
  prometheus: [{ name: 'prometheus-dr', values: { url: 'https://prometheus.dr.invalid:9090' } }],
};

const NAMESPACES = ['default', 'default', 'platform', 'monitoring'];

export interface ConnectionSeedContext {
  ids: () => string;
  ago: (ms: number) => string;
  adminId: string;
}

const DAY = 86_400_000;

/** One row per connection type (45) plus the variants above. */
export function generateConnections(ctx: ConnectionSeedContext): SeedRow[] {
  const rows: SeedRow[] = [];
  CONNECTION_TYPES.forEach((def, i) => {
    const variants: Variant[] = [
      {
        name: `${def.value.replace(/_/g, '-')}-${i % 3 === 0 ? 'prod' : 'main'}`,
        namespace: NAMESPACES[i % NAMESPACES.length],
      },
      ...(EXTRA[def.value] ?? []),
    ];
    variants.forEach((variant, v) => {
      const payload = createPayload(def, valuesFor(def, variant, i + v));
      const n = rows.length;
      rows.push({
        id: ctx.ids(),
        ...payload,
        source: variant.source ?? (n % 7 === 3 ? 'KubernetesCRD' : 'UI'),
        created_by: ctx.adminId,
        created_at: ctx.ago((60 - (n % 50)) * DAY),
        updated_at: ctx.ago((n % 9) * DAY),
        deleted_at: variant.deleted ? ctx.ago(3 * DAY) : null,
      });
    });
  });
  return rows;
}
