import {
  connectionSwitch,
  type SpecField,
  type SpecFieldDef,
  type SpecTypeDef,
} from '@/lib/resources/spec-types';

/**
 * Config scraper spec types (spec 001 §3.6, §9): ten with forms plus Custom (code only). Required fields follow the
 * scraper schema (lib/embedded-backend/schemas/config_scraper.spec.schema.json).
 */

const DOCS = 'https://flanksource.com/docs/guide/config-db/scrapers';

const connection: SpecField = {
  path: 'connection',
  label: 'Connection',
  kind: 'text',
  placeholder: 'connection://namespace/name',
};
/**
 * `type` and `id` are required where the scraper cannot know them (spec 001 §5 "… require … type and id"): SQL rows,
 * files and HTTP responses carry no config type or id of their own.
 */
const type: SpecField = {
  path: 'type',
  label: 'Type',
  kind: 'text',
  required: true,
  hint: 'The config type of the items scraped',
};
const id: SpecField = {
  path: 'id',
  label: 'ID',
  kind: 'text',
  required: true,
  hint: 'JSONPath or expression of the item id',
};

const pat: SpecField = {
  path: 'personalAccessToken',
  label: 'Personal access token',
  kind: 'envVar',
  required: true,
};

/** Connection options of a scraper (spec 001 §4): None (the agent's own identity), a stored connection, or keys. */
const connectionOptions = (label: string, fields: readonly SpecField[]) =>
  connectionSwitch([
    { value: 'connection', label: 'Connection', fields: [{ ...connection, required: true }] },
    { value: 'credentials', label, fields },
  ]);

const scraper = (
  name: string,
  label: string,
  icon: string,
  fields: readonly SpecFieldDef[],
): SpecTypeDef => ({
  name,
  label,
  icon,
  mode: 'form',
  specKey: name,
  fields,
  docsUrl: `${DOCS}/${name.toLowerCase()}`,
});

export const SCRAPER_TYPES: readonly SpecTypeDef[] = [
  scraper('kubernetes', 'Kubernetes', 'ship', [
    { path: 'clusterName', label: 'Cluster name', kind: 'text', required: true },
    { path: 'namespaces', label: 'Namespaces', kind: 'list', hint: 'One namespace per line; none for all' },
    { path: 'selector', label: 'Label selector', kind: 'text' },
    { path: 'fieldSelector', label: 'Field selector', kind: 'text' },
    { path: 'maxInflight', label: 'Max in flight', kind: 'number', default: 64 },
    { path: 'exclusions.kind', label: 'Excluded kinds', kind: 'list' },
    { path: 'exclusions.namespace', label: 'Excluded namespaces', kind: 'list' },
    { path: 'kubeconfig', label: 'Kubeconfig', kind: 'envVar' },
  ]),
  scraper('azure', 'Azure', 'cloud-cog', [
    { path: 'subscriptionID', label: 'Subscription ID', kind: 'text', required: true },
    { path: 'tenantID', label: 'Tenant ID', kind: 'text' },
    { path: 'organisation', label: 'Organisation', kind: 'text' },
    { path: 'include', label: 'Include', kind: 'list', hint: 'Resource types, one per line' },
    connectionOptions('Client secret', [
      { path: 'clientID', label: 'Client ID', kind: 'envVar', required: true },
      { path: 'clientSecret', label: 'Client secret', kind: 'envVar', required: true },
    ]),
  ]),
  scraper('kubernetesFile', 'Kubernetes File', 'file-box', [
    { path: 'selector.kind', label: 'Kind', kind: 'text', required: true, placeholder: 'Pod' },
    { path: 'selector.namespace', label: 'Namespace', kind: 'text' },
    { path: 'selector.labelSelector', label: 'Label selector', kind: 'text' },
    { path: 'container', label: 'Container', kind: 'text' },
    { path: 'kubeconfig', label: 'Kubeconfig', kind: 'envVar' },
  ]),
  scraper('sql', 'SQL', 'database', [
    { ...connection, required: true },
    {
      path: 'driver',
      label: 'Driver',
      kind: 'select',
      options: ['postgres', 'mysql', 'sqlserver'].map((v) => ({ value: v, label: v })),
    },
    { path: 'query', label: 'Query', kind: 'textarea', required: true },
    type,
    id,
  ]),
  scraper('trivy', 'Trivy', 'shield-alert', [
    { path: 'version', label: 'Version', kind: 'text' },
    { path: 'timeout', label: 'Timeout', kind: 'text', placeholder: '20m' },
    { path: 'ignoreUnfixed', label: 'Ignore unfixed', kind: 'checkbox' },
    {
      path: 'scanners',
      label: 'Scanners',
      kind: 'multiselect',
      options: ['vuln', 'misconfig', 'secret', 'license'].map((v) => ({ value: v, label: v })),
    },
    {
      path: 'severity',
      label: 'Severity',
      kind: 'multiselect',
      options: ['UNKNOWN', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'].map((v) => ({ value: v, label: v })),
    },
    { path: 'kubernetes.namespace', label: 'Kubernetes namespace', kind: 'text' },
  ]),
  scraper('aws', 'AWS', 'cloud', [
    { path: 'regions', label: 'Regions', kind: 'list', hint: 'One region per line' },
    { path: 'assumeRole', label: 'Assume role', kind: 'text' },
    { path: 'endpoint', label: 'Endpoint', kind: 'text' },
    { path: 'compliance', label: 'Compliance', kind: 'checkbox' },
    { path: 'trustedAdvisorCheck', label: 'Trusted Advisor check', kind: 'checkbox' },
    { path: 'include', label: 'Include', kind: 'list' },
    { path: 'exclude', label: 'Exclude', kind: 'list' },
    connectionOptions('Access key', [
      { path: 'accessKey', label: 'Access key', kind: 'envVar', required: true },
      { path: 'secretKey', label: 'Secret key', kind: 'envVar', required: true },
    ]),
  ]),
  scraper('file', 'File', 'file-text', [
    { path: 'paths', label: 'Paths', kind: 'list', required: true, hint: 'One path or glob per line' },
    { path: 'url', label: 'Repository URL', kind: 'text' },
    type,
    id,
  ]),
  scraper('githubActions', 'GitHub Actions', 'workflow', [
    { path: 'owner', label: 'Owner', kind: 'text', required: true },
    { path: 'repository', label: 'Repository', kind: 'text', required: true },
    { path: 'workflows', label: 'Workflows', kind: 'list' },
    connectionOptions('Personal access token', [pat]),
  ]),
  scraper('http', 'HTTP', 'globe', [
    { path: 'url', label: 'URL', kind: 'text', required: true },
    {
      path: 'method',
      label: 'Method',
      kind: 'select',
      options: ['GET', 'POST', 'PUT'].map((v) => ({ value: v, label: v })),
      default: 'GET',
    },
    { path: 'body', label: 'Body', kind: 'textarea', showWhen: { path: 'method', values: ['POST', 'PUT'] } },
    type,
    id,
  ]),
  scraper('azureDevops', 'Azure DevOps', 'git-pull-request', [
    { path: 'organization', label: 'Organization', kind: 'text', required: true },
    { path: 'projects', label: 'Projects', kind: 'list', required: true },
    { path: 'pipelines', label: 'Pipelines', kind: 'list', required: true },
    connectionOptions('Personal access token', [pat]),
  ]),
  { name: 'custom', label: 'Custom', icon: 'code', mode: 'code', template: {}, docsUrl: DOCS },
];
