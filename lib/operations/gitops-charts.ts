import type { JsonSchema } from '@/lib/forms/json-schema';

/**
 * The Helm charts the "Add via GitOps" options install (upstream §4.3), with a description and a JSON schema of
 * their values written for this console: it runs offline, so nothing is fetched from GitHub. Each schema lists the
 * values a person sets when installing; everything else keeps the chart's default.
 */

export const HELM_REPOSITORY = { name: 'flanksource', url: 'https://flanksource.github.io/charts' } as const;
export const DEFAULT_GITOPS_NAMESPACE = 'mission-control';

export interface GitOpsChart {
  id: 'aws' | 'azure' | 'prometheus' | 'flux' | 'kubernetes' | 'mission-control';
  /** The option's name in the wizard. */
  label: string;
  /** The chart in the repository, also the release name. */
  chart: string;
  description: string;
  /** The values a fresh install starts from (YAML in the editor). */
  example: Record<string, unknown>;
  valuesSchema: JsonSchema;
}

const labels: JsonSchema = {
  type: 'object',
  description: 'Labels added to every resource the chart creates',
  additionalProperties: { type: 'string' },
};
const envVar: JsonSchema = {
  description: 'A literal value, or a reference to a Kubernetes Secret or ConfigMap key',
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      properties: {
        value: { type: 'string' },
        valueFrom: {
          type: 'object',
          properties: {
            secretKeyRef: {
              type: 'object',
              properties: { name: { type: 'string' }, key: { type: 'string' } },
              required: ['name', 'key'],
            },
            configMapKeyRef: {
              type: 'object',
              properties: { name: { type: 'string' }, key: { type: 'string' } },
              required: ['name', 'key'],
            },
          },
        },
      },
    },
  ],
};
const stringList = (description: string): JsonSchema => ({
  type: 'array',
  description,
  items: { type: 'string' },
});

export const GITOPS_CHARTS: readonly GitOpsChart[] = [
  {
    id: 'aws',
    label: 'AWS',
    chart: 'mission-control-aws',
    description:
      'Scrapes AWS resources of the chosen regions into the catalog, correlates CloudTrail events with them as changes, imports AWS Config rule failures as insights and can match cost reports to catalog items.',
    example: { connection: '', region: ['eu-west-1'], cloudtrail: { maxAge: '7d' }, compliance: true },
    valuesSchema: {
      type: 'object',
      properties: {
        labels,
        connection: {
          type: 'string',
          description: 'An AWS connection (connection://<namespace>/<name>) to use instead of keys',
        },
        accessKey: envVar,
        secretKey: envVar,
        region: stringList('AWS regions to scrape'),
        endpoint: { type: 'string', description: 'A custom AWS endpoint, e.g. LocalStack' },
        assumeRole: { type: 'string', description: 'An IAM role to assume' },
        skipTLSVerify: { type: 'boolean', description: 'Skip TLS verification' },
        cloudtrail: {
          type: 'object',
          description: 'Import CloudTrail events as changes',
          properties: {
            maxAge: { type: 'string', description: 'How far back to read CloudTrail, e.g. 7d' },
            exclude: stringList('Event names to skip'),
          },
        },
        compliance: { type: 'boolean', description: 'Import AWS Config rule failures as insights' },
        costReporting: {
          type: 'object',
          description: 'Match cost and usage reports (Athena) with catalog items',
          properties: {
            enabled: { type: 'boolean' },
            database: { type: 'string' },
            region: { type: 'string' },
            s3BucketPath: { type: 'string' },
            table: { type: 'string' },
          },
        },
        includeResources: stringList('Only these resource types'),
        excludeResources: stringList('Skip these resource types'),
        scraper: {
          type: 'object',
          properties: { name: { type: 'string', description: 'Name of the scraper' } },
        },
        topology: {
          type: 'object',
          properties: { name: { type: 'string', description: 'Name of the topology' } },
        },
      },
    },
  },
  {
    id: 'azure',
    label: 'Azure',
    chart: 'mission-control-azure',
    description:
      'Scrapes the resources of an Azure subscription into the catalog, with activity-log entries as changes and Azure Advisor recommendations as insights.',
    example: { subscriptionID: '', tenantID: '', connectionDetails: { connection: '' } },
    valuesSchema: {
      type: 'object',
      required: ['subscriptionID', 'tenantID'],
      properties: {
        labels,
        subscriptionID: { type: 'string', description: 'The subscription to scrape' },
        tenantID: { type: 'string', description: 'The Azure AD tenant' },
        organisation: { type: 'string', description: 'Azure DevOps organisation (optional)' },
        connectionDetails: {
          type: 'object',
          description: 'An Azure connection, or a client id and secret',
          properties: {
            connection: { type: 'string', description: 'connection://<namespace>/<name>' },
            clientID: envVar,
            clientSecret: envVar,
          },
        },
        exclusions: {
          type: 'object',
          properties: { activityLogs: stringList('Activity-log operations to skip') },
        },
        scraper: {
          type: 'object',
          properties: { name: { type: 'string', description: 'Name of the scraper' } },
        },
      },
    },
  },
  {
    id: 'prometheus',
    label: 'Prometheus',
    chart: 'mission-control-prometheus',
    description:
      'Adds a topology of a Prometheus installation with its targets and health checks on Prometheus itself.',
    example: { prometheusURL: 'http://prometheus.monitoring.svc:9090', prometheusNamespace: 'monitoring' },
    valuesSchema: {
      type: 'object',
      required: ['prometheusURL'],
      properties: {
        labels,
        topologyName: { type: 'string', description: 'Name of the topology' },
        prometheusNamespace: { type: 'string', description: 'Namespace the Prometheus pods run in' },
        prometheusURL: { type: 'string', format: 'uri', description: 'Address of the Prometheus API' },
      },
    },
  },
  {
    id: 'flux',
    label: 'Flux',
    chart: 'mission-control-flux',
    description:
      'Adds a topology of Flux (sources, kustomizations and Helm releases) and playbooks to reconcile, suspend and resume them.',
    example: { topologyName: 'flux' },
    valuesSchema: {
      type: 'object',
      properties: { labels, topologyName: { type: 'string', description: 'Name of the topology' } },
    },
  },
  {
    id: 'kubernetes',
    label: 'Kubernetes',
    chart: 'mission-control-kubernetes',
    description:
      'Scrapes a Kubernetes cluster into the catalog (resources, events as changes, relationships), adds a cluster topology and a set of playbooks for everyday operations.',
    example: {
      clusterName: 'kubernetes',
      scraper: { schedule: '@every 15m' },
      topology: { schedule: '@every 5m' },
    },
    valuesSchema: {
      type: 'object',
      properties: {
        labels,
        clusterName: { type: 'string', description: 'Name the cluster is shown with' },
        kubeconfig: {
          type: 'object',
          description: 'A kubeconfig reference for a remote cluster; empty for the cluster the chart runs in',
        },
        prometheusURL: {
          type: 'string',
          description: 'Prometheus of the cluster, for metrics on the topology',
        },
        scraper: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            schedule: { type: 'string', description: 'How often to scrape, e.g. @every 15m' },
            exclusions: {
              type: 'object',
              properties: {
                name: stringList('Resource names to skip'),
                namespace: stringList('Namespaces to skip'),
                kind: stringList('Kinds to skip'),
                labels: { type: 'object', additionalProperties: { type: 'string' } },
              },
            },
          },
        },
        topology: {
          type: 'object',
          properties: { name: { type: 'string' }, schedule: { type: 'string' }, icon: { type: 'string' } },
        },
        playbooks: {
          type: 'object',
          description: 'Which playbooks to install',
          properties: { enabled: { type: 'boolean' } },
        },
      },
    },
  },
  {
    id: 'mission-control',
    label: 'Mission Control',
    chart: 'mission-control',
    description:
      'Installs Mission Control itself: the API server, the database and the canary checker and config scraper it runs.',
    example: { global: { ui: { host: 'mission-control.example.com' } }, authProvider: 'kratos' },
    valuesSchema: {
      type: 'object',
      properties: {
        global: {
          type: 'object',
          properties: {
            ui: {
              type: 'object',
              properties: { host: { type: 'string', description: 'Host name the console is served on' } },
            },
          },
        },
        authProvider: {
          type: 'string',
          enum: ['kratos', 'clerk', 'basic'],
          description: 'How people sign in',
        },
        db: {
          type: 'object',
          properties: { create: { type: 'boolean', description: 'Run a PostgreSQL in the cluster' } },
        },
        'canary-checker': { type: 'object', properties: { enabled: { type: 'boolean' } } },
        'config-db': { type: 'object', properties: { enabled: { type: 'boolean' } } },
      },
    },
  },
];
