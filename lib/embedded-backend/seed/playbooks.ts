import { barChartPng, gzipText, storeArtifactContent } from '../artifacts';
import type { SeedRow } from './bulk-insert';
import type { Prng } from './prng';

/**
 * Demo playbooks (spec 001 §3.6, backend-contract §5.4): every action kind (exec, http, sql, pod, gitops, github,
 * azureDevopsPipeline, notification, ai), every parameter type and text format with its properties, approvals by
 * people and teams, CRD-sourced and deleted playbooks; and their runs in every status, with action results of each
 * kind (stdout/stderr, pod logs, SQL rows, HTTP responses, errors) and downloadable artifacts.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export const ACTION_KINDS = [
  'exec',
  'http',
  'sql',
  'pod',
  'gitops',
  'github',
  'azureDevopsPipeline',
  'notification',
  'ai',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

type Json = Record<string, unknown>;

interface PlaybookDef {
  name: string;
  title: string;
  category: string;
  icon: string;
  description: string;
  parameters: Json[];
  actions: Json[];
  configs?: Json[];
  components?: Json[];
  checks?: Json[];
  approval?: Json;
  source?: string;
  deleted?: boolean;
  timeout?: string;
}

const reason: Json = {
  name: 'reason',
  label: 'Reason',
  description: 'Why this runs; recorded with the run.',
  type: 'text',
  required: true,
  properties: { minLength: 3, maxLength: 200, regex: '^[^<>]{3,}$' },
};

export const PLAYBOOK_DEFS: readonly PlaybookDef[] = [
  {
    name: 'restart-deployment',
    title: 'Restart deployment',
    category: 'Kubernetes',
    icon: 'kubernetes',
    description: 'Rolling restart of a deployment, optionally scaled first, then waits for the rollout.',
    configs: [{ types: ['Kubernetes::Deployment'] }],
    parameters: [
      reason,
      {
        name: 'replicas',
        label: 'Replicas',
        type: 'text',
        default: '3',
        properties: { format: 'number', min: 1, max: 20 },
      },
      { name: 'wait', label: 'Wait for the rollout', type: 'checkbox', default: 'true' },
    ],
    actions: [
      {
        name: 'restart',
        exec: {
          script: 'kubectl rollout restart deployment/{{.config.name}} -n {{.config.tags.namespace}}',
          connections: { kubernetes: 'connection://platform/kubernetes-prod' },
        },
      },
      {
        name: 'wait-for-rollout',
        if: '{{.params.wait}}',
        exec: {
          script:
            'kubectl rollout status deployment/{{.config.name}} -n {{.config.tags.namespace}} --timeout=5m',
          artifacts: [{ path: '/tmp/rollout.log' }],
        },
      },
    ],
  },
  {
    name: 'rollback-release',
    title: 'Roll back a release',
    category: 'Kubernetes',
    icon: 'git-pull-request',
    description: 'Opens a pull request that pins the deployment to an earlier image revision.',
    configs: [{ types: ['Kubernetes::Deployment'] }],
    approval: {
      type: 'any',
      approvers: { people: ['admin@demo.local', 'commander@demo.local'], teams: ['SRE'] },
    },
    parameters: [
      reason,
      {
        name: 'revision',
        label: 'Revision',
        type: 'text',
        required: true,
        default: '1',
        properties: { format: 'number', min: 1, max: 500 },
      },
      {
        name: 'branch',
        label: 'Branch',
        type: 'text',
        default: 'rollback-{{.config.name}}',
        properties: { format: 'dns1123', maxLength: 63 },
      },
      {
        name: 'notes',
        label: 'Notes for reviewers',
        type: 'text',
        properties: { multiline: true, maxLength: 2000 },
      },
    ],
    actions: [
      {
        name: 'open-pull-request',
        gitops: {
          repo: {
            url: 'https://github.com/acme/gitops.git',
            branch: '{{.params.branch}}',
            base: 'main',
            connection: 'connection://platform/gitops-ssh',
          },
          commit: {
            author: 'Mission Control',
            email: 'mission-control@acme.example.com',
            message: 'Roll back {{.config.name}} to revision {{.params.revision}}',
          },
          pr: { title: 'Roll back {{.config.name}}', tags: ['rollback'] },
          patches: [
            {
              path: 'apps/{{.config.name}}/kustomization.yaml',
              yq: '.images[0].newTag = "r{{.params.revision}}"',
            },
          ],
        },
      },
    ],
  },
  {
    name: 'diagnose-pod',
    title: 'Diagnose pod networking',
    category: 'Kubernetes',
    icon: 'stethoscope',
    description: 'Starts a debug pod next to the target and collects DNS, routes and open sockets.',
    configs: [{ types: ['Kubernetes::Pod'] }],
    parameters: [
      {
        name: 'image',
        label: 'Debug image',
        type: 'text',
        default: 'nicolaka/netshoot:v0.13',
        required: true,
      },
      {
        name: 'memory',
        label: 'Memory limit',
        type: 'text',
        default: '256Mi',
        properties: { format: 'bytes' },
      },
      {
        name: 'cpu',
        label: 'CPU limit',
        type: 'text',
        default: '250m',
        properties: { format: 'millicores' },
      },
      {
        name: 'command',
        label: 'Command',
        type: 'code',
        default: '- sh\n- -c\n- ss -tanp; ip route; dig +short kubernetes.default',
        properties: { language: 'yaml', size: 'small' },
      },
    ],
    actions: [
      {
        name: 'debug-pod',
        pod: {
          name: 'debug-{{.config.name}}',
          maxLength: 3000,
          spec: {
            containers: [
              {
                name: 'debug',
                image: '{{.params.image}}',
                command: ['sh', '-c', 'ss -tanp; ip route; dig +short kubernetes.default'],
                resources: { limits: { memory: '{{.params.memory}}', cpu: '{{.params.cpu}}' } },
              },
            ],
          },
          artifacts: [{ path: '/tmp/netstat.txt' }],
        },
      },
    ],
  },
  {
    name: 'query-slow-transactions',
    title: 'Find slow transactions',
    category: 'Database',
    icon: 'database',
    description: 'Lists the slowest statements of the last hour from pg_stat_statements.',
    configs: [{ types: ['AWS::RDS::DBInstance'] }],
    parameters: [
      {
        name: 'query',
        label: 'Query',
        type: 'code',
        default:
          'SELECT query, calls, round(mean_exec_time) AS mean_ms\nFROM pg_stat_statements\nORDER BY mean_exec_time DESC\nLIMIT {{.params.limit}};',
        properties: { language: 'sql', size: 'medium' },
      },
      {
        name: 'limit',
        label: 'Rows',
        type: 'text',
        default: '20',
        properties: { format: 'number', min: 1, max: 1000 },
      },
      {
        name: 'database',
        label: 'Database',
        type: 'list',
        default: 'app',
        properties: {
          options: [
            { label: 'Application', value: 'app' },
            { label: 'Ledger', value: 'ledger' },
            { label: 'Reporting', value: 'reporting' },
          ],
        },
      },
    ],
    actions: [
      {
        name: 'slow-statements',
        sql: {
          connection: 'connection://payments/postgres-prod',
          driver: 'postgres',
          query: '{{.params.query}}',
        },
      },
    ],
  },
  {
    name: 'notify-status-page',
    title: 'Post to the status page',
    category: 'Communication',
    icon: 'megaphone',
    description: 'Publishes an incident update on the public status page; needs an approver.',
    components: [{ types: ['Service', 'Application'] }],
    approval: {
      type: 'any',
      approvers: { people: ['admin@demo.local', 'commander@demo.local'], teams: ['SRE'] },
    },
    parameters: [
      reason,
      {
        name: 'webhook',
        label: 'Status page webhook',
        type: 'text',
        default: 'https://status.acme.example.com/api/v2/incidents',
        properties: { format: 'url' },
      },
      {
        name: 'impact',
        label: 'Impact',
        type: 'list',
        default: 'minor',
        properties: {
          options: [
            { label: 'None', value: 'none' },
            { label: 'Minor', value: 'minor' },
            { label: 'Major', value: 'major' },
            { label: 'Critical', value: 'critical' },
          ],
        },
      },
      {
        name: 'payload',
        label: 'Payload',
        type: 'code',
        default:
          '{\n  "incident": {\n    "name": "Degraded {{.component.name}}",\n    "status": "investigating"\n  }\n}',
        properties: { language: 'json', size: 'small' },
      },
    ],
    actions: [
      {
        name: 'post-update',
        http: {
          url: '{{.params.webhook}}',
          method: 'POST',
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          body: '{{.params.payload}}',
        },
      },
    ],
  },
  {
    name: 'trigger-github-workflow',
    title: 'Re-run a CI workflow',
    category: 'CI',
    icon: 'github',
    description: 'Dispatches the workflow again on a ref.',
    configs: [{ types: ['GitHub::Workflow'] }],
    parameters: [
      {
        name: 'workflow',
        label: 'Workflow',
        type: 'list',
        default: 'ci.yml',
        properties: {
          options: [
            { label: 'CI', value: 'ci.yml' },
            { label: 'Deploy', value: 'deploy.yml' },
            { label: 'Nightly', value: 'nightly.yml' },
          ],
        },
      },
      {
        name: 'ref',
        label: 'Ref',
        type: 'text',
        default: 'main',
        properties: { regex: '^[A-Za-z0-9._/-]+$', maxLength: 255 },
      },
      {
        name: 'inputs',
        label: 'Inputs',
        type: 'code',
        default: '{"environment": "staging"}',
        properties: { language: 'json', size: 'very-small' },
      },
    ],
    actions: [
      {
        name: 'dispatch',
        github: {
          repo: 'acme/shop',
          username: 'mission-control-bot',
          token: { valueFrom: { secretKeyRef: { name: 'github-credentials', key: 'token' } } },
          workflows: [{ id: '{{.params.workflow}}', ref: '{{.params.ref}}', input: '{{.params.inputs}}' }],
        },
      },
    ],
  },
  {
    name: 'run-azure-pipeline',
    title: 'Run an Azure DevOps pipeline',
    category: 'CI',
    icon: 'azure-devops',
    description: 'Queues a pipeline run for a virtual machine rebuild.',
    configs: [{ types: ['Azure::VirtualMachine'] }],
    parameters: [
      {
        name: 'pipeline',
        label: 'Pipeline id',
        type: 'text',
        required: true,
        default: '42',
        properties: { format: 'number', min: 1 },
      },
      {
        name: 'stage',
        label: 'Stage',
        type: 'list',
        default: 'rebuild',
        properties: {
          options: [
            { label: 'Rebuild', value: 'rebuild' },
            { label: 'Patch', value: 'patch' },
          ],
        },
      },
    ],
    actions: [
      {
        name: 'queue-pipeline',
        azureDevopsPipeline: {
          org: 'acme-platform',
          project: 'infrastructure',
          token: { valueFrom: { secretKeyRef: { name: 'azure-devops-credentials', key: 'password' } } },
          pipeline: { id: '{{.params.pipeline}}' },
          parameters: { templateParameters: { stage: '{{.params.stage}}', vm: '{{.config.name}}' } },
        },
      },
    ],
  },
  {
    name: 'notify-owners',
    title: 'Notify the owners',
    category: 'Communication',
    icon: 'bell',
    description: 'Sends a message to a team and people about a failing check.',
    checks: [{ types: ['http', 'postgres', 'mysql', 'redis', 'tcp'] }],
    parameters: [
      { name: 'team', label: 'Team', type: 'team', required: true },
      { name: 'people', label: 'Also notify', type: 'people', properties: { role: 'responder' } },
      {
        name: 'message',
        label: 'Message',
        type: 'text',
        required: true,
        default: '{{.check.name}} is {{.check.status}}',
        properties: { multiline: true, minLength: 5, maxLength: 1000 },
      },
      {
        name: 'channel',
        label: 'Channel',
        type: 'list',
        default: 'slack',
        properties: {
          options: [
            { label: 'Slack', value: 'slack' },
            { label: 'Email', value: 'email' },
          ],
        },
      },
    ],
    actions: [
      {
        name: 'send',
        notification: {
          connection: 'connection://default/alerts',
          title: 'Check {{.check.name}}',
          message: '{{.params.message}}',
          properties: { channel: '{{.params.channel}}' },
        },
      },
    ],
  },
  {
    name: 'ai-triage',
    title: 'Triage with AI',
    category: 'Health',
    icon: 'sparkles',
    description: 'Asks the model for a diagnosis from the check, related configs and their recent changes.',
    checks: [{ types: ['http', 'postgres', 'kubernetes', 'prometheus', 'elasticsearch'] }],
    parameters: [
      {
        name: 'question',
        label: 'Question',
        type: 'text',
        default: 'Why is {{.check.name}} failing?',
        properties: { multiline: true, maxLength: 500 },
      },
      {
        name: 'config',
        label: 'Related config',
        type: 'config',
        properties: { filter: [{ types: ['Kubernetes::Deployment', 'Kubernetes::Pod'] }] },
      },
      {
        name: 'component',
        label: 'Related component',
        type: 'component',
        properties: { filter: [{ types: ['Service', 'Deployment'] }] },
      },
      {
        name: 'other_check',
        label: 'Compare with check',
        type: 'check',
        properties: { filter: [{ types: ['http'], statuses: ['healthy'] }] },
      },
    ],
    actions: [
      {
        name: 'diagnose',
        ai: {
          connection: 'connection://ai-platform/openai-main',
          systemPrompt: 'You are an SRE assistant.',
          prompt: '{{.params.question}}',
          changes: { since: '2d' },
          analysis: { since: '2d' },
          relationships: [{ depth: 3, direction: 'all' }],
          formats: ['markdown'],
        },
      },
    ],
  },
  {
    name: 'rotate-db-password',
    title: 'Rotate a database password',
    category: 'Security',
    icon: 'key-round',
    description: 'Sets a new master password and tells the owner; every approver must agree.',
    configs: [{ types: ['AWS::RDS::DBInstance'] }],
    approval: { type: 'all', approvers: { people: ['admin@demo.local'], teams: ['Security'] } },
    parameters: [
      {
        name: 'new_password',
        label: 'New password',
        type: 'text',
        required: true,
        properties: { format: 'password', minLength: 16, maxLength: 128 },
      },
      {
        name: 'notify_email',
        label: 'Notify',
        type: 'text',
        default: 'dba@acme.example.com',
        properties: { format: 'email' },
      },
    ],
    actions: [
      {
        name: 'set-password',
        exec: {
          script:
            'aws rds modify-db-instance --db-instance-identifier {{.config.name}} --master-user-password "$NEW_PASSWORD" --apply-immediately',
          connections: { aws: 'connection://platform/aws-prod' },
        },
      },
      {
        name: 'tell-owner',
        notification: {
          connection: 'connection://default/email-main',
          title: 'Password rotated for {{.config.name}}',
          message: 'Rotated by {{.user.name}}.',
        },
      },
    ],
  },
  {
    name: 'cleanup-failed-pods',
    title: 'Clean up failed pods',
    category: 'Kubernetes',
    icon: 'trash-2',
    description: 'Deletes pods in Failed or Completed state older than a threshold.',
    components: [{ types: ['Deployment', 'Worker'] }],
    parameters: [
      {
        name: 'namespace',
        label: 'Namespace',
        type: 'text',
        required: true,
        default: 'default',
        properties: { format: 'dns1123' },
      },
      {
        name: 'older_than',
        label: 'Older than',
        type: 'list',
        default: '6h',
        properties: {
          options: [
            { label: '1 hour', value: '1h' },
            { label: '6 hours', value: '6h' },
            { label: '1 day', value: '24h' },
          ],
        },
      },
      { name: 'dry_run', label: 'Dry run', type: 'checkbox', default: 'true' },
    ],
    actions: [
      {
        name: 'list-pods',
        exec: {
          script: 'kubectl get pods -n {{.params.namespace}} --field-selector=status.phase=Failed -o name',
        },
      },
      {
        name: 'delete-pods',
        if: '{{not .params.dry_run}}',
        exec: { script: 'kubectl delete pods -n {{.params.namespace}} --field-selector=status.phase=Failed' },
      },
    ],
  },
  {
    name: 'capture-heap-dump',
    title: 'Capture a heap histogram',
    category: 'Health',
    icon: 'cpu',
    description: 'Captures a JVM heap histogram and a latency graph as artifacts.',
    parameters: [
      {
        name: 'target',
        label: 'Pod',
        type: 'config',
        required: true,
        properties: { filter: [{ types: ['Kubernetes::Pod'] }] },
      },
      {
        name: 'top',
        label: 'Top classes',
        type: 'text',
        default: '30',
        properties: { format: 'number', min: 5, max: 200 },
      },
    ],
    actions: [
      {
        name: 'heap-histogram',
        exec: {
          script: 'kubectl exec {{.params.target}} -- jcmd 1 GC.class_histogram | head -n {{.params.top}}',
          artifacts: [{ path: '/tmp/histogram.txt' }, { path: '/tmp/latency.png' }],
        },
      },
    ],
  },
  {
    name: 'drain-node',
    title: 'Drain a node',
    category: 'Kubernetes',
    icon: 'server-off',
    description: 'Cordons and drains a node (managed in Git).',
    source: 'KubernetesCRD',
    configs: [{ types: ['Kubernetes::Node'] }],
    parameters: [
      reason,
      {
        name: 'grace',
        label: 'Grace period (seconds)',
        type: 'text',
        default: '60',
        properties: { format: 'number', min: 0, max: 3600 },
      },
    ],
    actions: [
      {
        name: 'drain',
        exec: {
          script: 'kubectl drain {{.config.name}} --ignore-daemonsets --grace-period={{.params.grace}}',
        },
      },
    ],
  },
  {
    name: 'weekly-cost-digest',
    title: 'Weekly cost digest',
    category: 'Cost',
    icon: 'dollar-sign',
    description: 'Summarises the week’s cloud cost by account and posts it (managed in Git).',
    source: 'KubernetesCRD',
    parameters: [
      {
        name: 'accounts',
        label: 'Accounts',
        type: 'code',
        default: 'accounts:\n  - prod-account\n  - shared-services',
        properties: { language: 'yaml', size: 'small' },
      },
    ],
    actions: [
      {
        name: 'summarise',
        ai: {
          connection: 'connection://ai-platform/openai-main',
          prompt: 'Summarise cost changes for {{.params.accounts}}',
          formats: ['markdown'],
        },
      },
      {
        name: 'post',
        notification: {
          connection: 'connection://default/alerts',
          title: 'Weekly cost digest',
          message: '{{.actions.summarise.result.markdown}}',
        },
      },
    ],
  },
  {
    name: 'scale-statefulset',
    title: 'Scale a stateful set',
    category: 'Kubernetes',
    icon: 'scaling',
    description: 'Scales a stateful set (managed in Git).',
    source: 'KubernetesCRD',
    configs: [{ types: ['Kubernetes::StatefulSet'] }],
    parameters: [
      {
        name: 'replicas',
        label: 'Replicas',
        type: 'text',
        required: true,
        properties: { format: 'number', min: 0, max: 10 },
      },
    ],
    actions: [
      {
        name: 'scale',
        exec: { script: 'kubectl scale statefulset/{{.config.name}} --replicas={{.params.replicas}}' },
      },
    ],
  },
  {
    name: 'legacy-restart',
    title: 'Legacy restart',
    category: 'Kubernetes',
    icon: 'archive',
    description: 'Replaced by restart-deployment.',
    deleted: true,
    configs: [{ types: ['Kubernetes::Deployment'] }],
    parameters: [reason],
    actions: [{ name: 'restart', exec: { script: 'kubectl delete pod -l app={{.config.name}}' } }],
  },
];

/** The spec a playbook row stores. */
export function playbookSpec(def: PlaybookDef): Json {
  const spec: Json = {
    title: def.title,
    description: def.description,
    category: def.category,
    icon: def.icon,
    parameters: def.parameters,
    actions: def.actions,
  };
  if (def.configs) spec.configs = def.configs;
  if (def.components) spec.components = def.components;
  if (def.checks) spec.checks = def.checks;
  if (def.approval) spec.approval = def.approval;
  spec.timeout = def.timeout ?? '30m';
  return spec;
}

export function actionKindOf(action: Json): ActionKind {
  return (ACTION_KINDS.find((k) => k in action) ?? 'exec') as ActionKind;
}

export interface PlaybookSeedContext {
  rng: Prng;
  ago: (ms: number) => string;
  adminId: string;
  person: (i: number) => string;
  teamIds: string[];
  /** Rows by id, for targets. */
  liveItems: SeedRow[];
  liveComponents: SeedRow[];
  liveChecks: SeedRow[];
  agentIds: string[];
  /** Send history rows; some runs are started by a send, and the send points back at the run. */
  sends: SeedRow[];
}

export interface PlaybookSeed {
  playbooks: SeedRow[];
  runs: SeedRow[];
  actions: SeedRow[];
  artifacts: SeedRow[];
  approvals: SeedRow[];
}

const RUN_STATUSES = [
  'completed',
  'completed',
  'completed',
  'completed',
  'failed',
  'failed',
  'running',
  'scheduled',
  'sleeping',
  'waiting',
  'retrying',
  'cancelled',
  'timed_out',
];

function actionStatus(runStatus: string, step: number, steps: number): string {
  const last = step === steps - 1;
  switch (runStatus) {
    case 'completed':
      return 'completed';
    case 'failed':
      return last ? 'failed' : 'completed';
    case 'running':
      return last ? 'running' : 'completed';
    case 'sleeping':
      return last ? 'sleeping' : 'completed';
    case 'waiting':
      return step === 0 ? 'waiting_children' : 'waiting';
    case 'retrying':
      return last ? 'scheduled' : 'completed';
    case 'cancelled':
    case 'timed_out':
      return step === 0 ? 'completed' : 'skipped';
    default:
      return 'scheduled';
  }
}

const POD_LOG = [
  'State      Recv-Q Send-Q Local Address:Port  Peer Address:Port Process',
  'ESTAB      0      0      10.42.3.17:8080     10.42.1.9:51234',
  'ESTAB      0      0      10.42.3.17:44122    10.43.0.10:53',
  'TIME-WAIT  0      0      10.42.3.17:38110    10.43.12.4:5432',
  'default via 10.42.3.1 dev eth0',
  '10.42.0.0/16 via 10.42.3.1 dev eth0',
  '10.43.0.1',
].join('\n');

function execResult(def: PlaybookDef, action: Json, failed: boolean, target: string): Json {
  const script = String((action.exec as Json | undefined)?.script ?? '');
  if (failed) {
    return {
      stdout: `+ ${script.replace(/\{\{[^}]+\}\}/g, target)}\n`,
      stderr:
        def.name === 'rotate-db-password'
          ? 'An error occurred (InvalidParameterCombination) when calling the ModifyDBInstance operation: The specified password does not meet the password policy.'
          : `error: deployment "${target}" exceeded its progress deadline`,
      exitCode: 1,
    };
  }
  if (def.name === 'cleanup-failed-pods')
    return {
      stdout: `pod/${target}-7d9f8b6c5-x2k4q\npod/${target}-7d9f8b6c5-p9m2z\n`,
      stderr: '',
      exitCode: 0,
    };
  if (def.name === 'capture-heap-dump')
    return {
      stdout:
        ' num     #instances         #bytes  class name\n   1:        182344       24578312  [B\n   2:         90211        8659200  java.lang.String\n',
      stderr: '',
      exitCode: 0,
    };
  return {
    stdout: `deployment.apps/${target} restarted\nWaiting for deployment "${target}" rollout to finish: 1 of 3 updated replicas are available...\ndeployment "${target}" successfully rolled out\n`,
    stderr: 'Warning: spec.template.spec.containers[0].resources: memory limit is not set\n',
    exitCode: 0,
  };
}

function resultOf(
  def: PlaybookDef,
  kind: ActionKind,
  action: Json,
  failed: boolean,
  target: string,
  i: number,
): Json {
  switch (kind) {
    case 'exec':
      return execResult(def, action, failed, target);
    case 'pod':
      return failed
        ? {
            logs: 'Error from server (Forbidden): pods "debug" is forbidden: violates PodSecurity "restricted:latest"',
          }
        : { logs: POD_LOG };
    case 'sql':
      return failed
        ? { error: 'ERROR: relation "pg_stat_statements" does not exist (SQLSTATE 42P01)' }
        : {
            columns: ['query', 'calls', 'mean_ms'],
            rows: [
              { query: 'SELECT * FROM orders WHERE customer_id = $1', calls: 18231, mean_ms: 412 },
              { query: 'UPDATE ledger SET balance = balance - $1 WHERE id = $2', calls: 9120, mean_ms: 188 },
              { query: 'SELECT count(*) FROM payments WHERE created_at > $1', calls: 640, mean_ms: 97 },
            ],
            count: 3,
          };
    case 'http':
      return failed
        ? {
            code: 502,
            headers: { 'content-type': 'text/html' },
            content: '<html><body><h1>502 Bad Gateway</h1></body></html>',
          }
        : {
            code: 201,
            headers: { 'content-type': 'application/json', 'x-request-id': `req-${i}` },
            content: JSON.stringify({
              id: `inc_${i}`,
              status: 'investigating',
              shortlink: `https://stspg.io/${i.toString(36)}`,
            }),
          };
    case 'gitops':
      return failed
        ? {
            error:
              'failed to push branch: remote: Permission to acme/gitops.git denied to mission-control-bot.',
          }
        : {
            branch: `rollback-${target}`,
            commit: `9f1c2e${(i * 7919).toString(16).padStart(6, '0')}`,
            pr: {
              number: 400 + (i % 90),
              url: `https://github.com/acme/gitops/pull/${400 + (i % 90)}`,
              title: `Roll back ${target}`,
            },
          };
    case 'github':
      return {
        workflows: [
          {
            id: 'ci.yml',
            ref: 'main',
            run_id: 9_000_000 + i,
            url: `https://github.com/acme/shop/actions/runs/${9_000_000 + i}`,
            status: failed ? 'failure' : 'queued',
          },
        ],
      };
    case 'azureDevopsPipeline':
      return {
        pipeline: { id: 42, name: 'vm-rebuild' },
        run: {
          id: 7000 + i,
          state: failed ? 'completed' : 'inProgress',
          result: failed ? 'failed' : undefined,
          url: `https://dev.azure.com/acme-platform/infrastructure/_build/results?buildId=${7000 + i}`,
        },
      };
    case 'notification':
      return failed
        ? { error: 'slack: channel_not_found' }
        : { message: 'Notification sent', recipients: ['#ops-alerts'], id: `msg-${i}` };
    case 'ai':
      return {
        markdown: `### Diagnosis\n\n**${target}** started failing after a config change 40 minutes ago: the readiness probe now points at \`/healthz\`, which the image does not serve.\n\n### Recommendation\n\n1. Roll back the probe path (the *Roll back a release* playbook).\n2. Add a contract test for the probe.`,
        recommendedPlaybooks: [{ id: 'rollback-release', title: 'Roll back a release' }],
      };
  }
}

/** Artifact files of a completed action, by kind: logs, JSON, CSV, an image and a compressed bundle in turn. */
function artifactFiles(
  kind: ActionKind,
  target: string,
  i: number,
): { filename: string; contentType: string; data: Buffer | string }[] {
  const log = Array.from(
    { length: 40 + (i % 40) },
    (_, n) =>
      `2025-04-23T10:${String(n % 60).padStart(2, '0')}:0${n % 10}Z INFO ${target} step ${n}: ${n % 13 === 0 ? 'WARN retrying request' : 'ok'}`,
  ).join('\n');
  switch (kind) {
    case 'exec':
      return i % 3 === 0
        ? [
            { filename: 'rollout.log', contentType: 'text/plain', data: `${log}\n` },
            {
              filename: 'latency.png',
              contentType: 'image/png',
              data: barChartPng(Array.from({ length: 16 }, (_, n) => ((n * 37 + i) % 100) / 100)),
            },
          ]
        : [{ filename: 'stdout.log', contentType: 'text/plain', data: `${log}\n` }];
    case 'pod':
      return [
        { filename: 'netstat.txt', contentType: 'text/plain', data: POD_LOG },
        { filename: 'pod-logs.tar.gz', contentType: 'application/gzip', data: gzipText(log) },
      ];
    case 'sql':
      return [
        {
          filename: 'rows.csv',
          contentType: 'text/csv',
          data: 'query,calls,mean_ms\n"SELECT * FROM orders WHERE customer_id = $1",18231,412\n"UPDATE ledger SET balance = balance - $1 WHERE id = $2",9120,188\n',
        },
      ];
    case 'http':
      return [
        {
          filename: 'response.json',
          contentType: 'application/json',
          data: JSON.stringify(
            {
              id: `inc_${i}`,
              status: 'investigating',
              components: [{ id: 'api', status: 'degraded_performance' }],
            },
            null,
            2,
          ),
        },
      ];
    case 'ai':
      return [
        {
          filename: 'diagnosis.md',
          contentType: 'text/markdown',
          data: `# Diagnosis of ${target}\n\nThe readiness probe path changed.\n`,
        },
      ];
    default:
      return [];
  }
}

function paramValue(p: Json, ctx: PlaybookSeedContext, i: number): string | undefined {
  const props = (p.properties ?? {}) as Json;
  switch (p.type) {
    case 'team':
      return ctx.teamIds[i % Math.max(1, ctx.teamIds.length - 1)];
    case 'people':
      return ctx.person(i);
    case 'config':
      return String(ctx.liveItems[(i * 13) % ctx.liveItems.length]?.id ?? '');
    case 'component':
      return String(ctx.liveComponents[(i * 7) % ctx.liveComponents.length]?.id ?? '');
    case 'check':
      return String(ctx.liveChecks[(i * 5) % ctx.liveChecks.length]?.id ?? '');
    default:
      break;
  }
  if (p.name === 'reason')
    return [
      'routine maintenance',
      'memory leak after deploy',
      'customer-reported errors',
      'on-call follow-up',
    ][i % 4];
  if (p.name === 'new_password') return 'Rotated-Passw0rd-2025!';
  if (props.format === 'number')
    return String(typeof p.default === 'string' && !p.default.includes('{{') ? p.default : (props.min ?? 1));
  const d = p.default;
  if (typeof d === 'string') return d.replace(/\{\{\s*\.\w+\.name\s*\}\}/g, 'demo');
  return p.required ? 'demo' : undefined;
}

function matchesTypes(row: SeedRow, selectors: Json[] | undefined): boolean {
  if (!selectors) return false;
  return selectors.every((s) => !Array.isArray(s.types) || (s.types as string[]).includes(String(row.type)));
}

/** The resource a run of the playbook targets (by its selector list), or none for playbooks without one. */
function targetFor(
  def: PlaybookDef,
  ctx: PlaybookSeedContext,
  i: number,
): { kind: 'config' | 'component' | 'check'; row: SeedRow } | null {
  const pick = (rows: SeedRow[], selectors: Json[] | undefined) => {
    const fitting = rows.filter((r) => matchesTypes(r, selectors));
    return fitting.length ? fitting[(i * 31) % fitting.length] : undefined;
  };
  if (def.configs) {
    const row = pick(ctx.liveItems, def.configs);
    return row ? { kind: 'config', row } : null;
  }
  if (def.components) {
    const row = pick(ctx.liveComponents, def.components);
    return row ? { kind: 'component', row } : null;
  }
  if (def.checks) {
    const row = pick(ctx.liveChecks, def.checks);
    return row ? { kind: 'check', row } : null;
  }
  return null;
}

/** The playbook rows (before notifications, which may name one as their target). */
export function generatePlaybookRows(rng: Prng, ago: (ms: number) => string, adminId: string): SeedRow[] {
  return PLAYBOOK_DEFS.map((def, i) => ({
    id: rng.uuid(),
    namespace: def.source === 'KubernetesCRD' ? 'mission-control' : 'default',
    name: def.name,
    title: def.title,
    icon: def.icon,
    description: def.description,
    spec: playbookSpec(def),
    category: def.category,
    source: def.source ?? 'UI',
    tags: { team: i % 2 ? 'SRE' : 'Platform' },
    created_by: adminId,
    created_at: ago((60 - i) * DAY),
    updated_at: ago(i * DAY),
    deleted_at: def.deleted ? ago(7 * DAY) : null,
  }));
}

/** Runs of the playbook rows (in PLAYBOOK_DEFS order) with their actions, artifacts and approvals. */
export function generatePlaybookRuns(
  ctx: PlaybookSeedContext,
  playbooks: SeedRow[],
  runCount = 360,
): Omit<PlaybookSeed, 'playbooks'> {
  const { rng, ago } = ctx;
  const live = PLAYBOOK_DEFS.map((def, i) => ({ def, row: playbooks[i] as SeedRow })).filter(
    (p) => !p.def.deleted,
  );
  const runs: SeedRow[] = [];
  const actions: SeedRow[] = [];
  const artifacts: SeedRow[] = [];
  const approvals: SeedRow[] = [];
  const defOfRun = new Map<unknown, PlaybookDef>();

  for (let i = 0; i < runCount; i++) {
    const { def, row } = live[i % live.length] as { def: PlaybookDef; row: SeedRow };
    const target = targetFor(def, ctx, i);
    let status = RUN_STATUSES[(i * 7 + (i >> 3)) % RUN_STATUSES.length] ?? 'completed';
    if (def.approval && Math.floor(i / live.length) % 4 === 0) status = 'pending_approval';
    // Recent runs are mostly still moving; older ones have all ended.
    const createdAgo = [
      'running',
      'scheduled',
      'sleeping',
      'waiting',
      'retrying',
      'pending_approval',
    ].includes(status)
      ? rng.int(1, 90) * MIN
      : rng.int(2 * 60, 14 * 24 * 60) * MIN;
    const started = ['scheduled', 'pending_approval'].includes(status) ? null : ago(createdAgo - 20_000);
    const durationMs = rng.int(4, 600) * 1000;
    const ended = ['completed', 'failed', 'cancelled', 'timed_out'].includes(status)
      ? ago(Math.max(0, createdAgo - 20_000 - durationMs))
      : null;
    const params: Record<string, string> = {};
    for (const p of def.parameters) {
      const v = paramValue(p, ctx, i);
      if (v !== undefined && v !== '') params[String(p.name)] = v;
    }
    const fromSend = !def.approval && i % 9 === 4 ? ctx.sends[(i * 11) % ctx.sends.length] : undefined;
    const run: SeedRow = {
      id: rng.uuid(),
      playbook_id: row.id,
      status,
      spec: row.spec,
      created_at: ago(createdAgo),
      scheduled_time: status === 'scheduled' ? ago(Math.max(0, createdAgo - 60_000)) : ago(createdAgo),
      start_time: started,
      end_time: ended,
      created_by: fromSend ? null : ctx.person(i),
      config_id: target?.kind === 'config' ? target.row.id : null,
      component_id: target?.kind === 'component' ? target.row.id : null,
      check_id: target?.kind === 'check' ? target.row.id : null,
      notification_send_id: fromSend?.id ?? null,
      parameters: params,
      agent_id:
        i % 17 === 0
          ? (ctx.agentIds[0] ?? '00000000-0000-0000-0000-000000000000')
          : '00000000-0000-0000-0000-000000000000',
      error:
        status === 'failed'
          ? `action "${String((def.actions[def.actions.length - 1] as Json).name)}" failed`
          : status === 'timed_out'
            ? 'playbook run timed out after 30m0s'
            : null,
      timeout: 1_800_000_000_000,
    };
    runs.push(run);
    defOfRun.set(run.id, def);
    if (fromSend) {
      fromSend.playbook_run_id = run.id;
      fromSend.status =
        status === 'completed' || status === 'failed' ? 'sent' : 'pending_playbook_completion';
    }
    if (def.approval && status !== 'pending_approval' && status !== 'scheduled') {
      const byTeam = i % 2 === 0;
      approvals.push({
        id: rng.uuid(),
        run_id: run.id,
        person_id: byTeam ? null : ctx.adminId,
        team_id: byTeam ? ctx.teamIds[2] : null,
        created_at: ago(createdAgo - 10_000),
      });
    }
  }
  // Parents with child runs (a playbook that fans out over several targets).
  for (let p = 0; p < 10; p++) {
    const parent = runs.find(
      (r, idx) =>
        idx >= p * 17 &&
        ['completed', 'failed', 'running'].includes(String(r.status)) &&
        !r.notification_send_id,
    ) as SeedRow;
    if (!parent || parent.has_children) continue;
    parent.has_children = true;
    for (let c = 0; c < 2 + (p % 3); c++) {
      const child: SeedRow = {
        ...parent,
        id: rng.uuid(),
        parent_id: parent.id,
        status: c === 0 ? 'completed' : parent.status,
        notification_send_id: null,
      };
      runs.push(child);
      defOfRun.set(child.id, defOfRun.get(parent.id) as PlaybookDef);
    }
  }
  for (const r of runs) delete r.has_children;

  runs.forEach((run, i) => {
    if (['scheduled', 'pending_approval'].includes(String(run.status))) return;
    const def = defOfRun.get(run.id) as PlaybookDef;
    const target = String(
      (
        ctx.liveItems.find((x) => x.id === run.config_id) ??
        ctx.liveComponents.find((x) => x.id === run.component_id) ??
        ctx.liveChecks.find((x) => x.id === run.check_id)
      )?.name ?? 'demo',
    );
    def.actions.forEach((action, s) => {
      const st = actionStatus(String(run.status), s, def.actions.length);
      const kind = actionKindOf(action);
      const done = st === 'completed' || st === 'failed';
      const row: SeedRow = {
        id: rng.uuid(),
        name: String(action.name),
        status: st,
        playbook_run_id: run.id,
        scheduled_time: run.created_at,
        start_time: st === 'scheduled' || st === 'skipped' ? null : run.start_time,
        end_time: done || st === 'skipped' ? (run.end_time ?? run.start_time) : null,
        result: done ? resultOf(def, kind, action, st === 'failed', target, i) : null,
        error: st === 'failed' ? (kind === 'exec' ? 'exit status 1' : `${kind} action failed`) : null,
        retry_count: run.status === 'retrying' ? 2 : 0,
        agent_id: run.agent_id,
      };
      actions.push(row);
      if (st === 'completed' && artifacts.length < 80) {
        for (const file of artifactFiles(kind, target, i)) {
          const stored = storeArtifactContent(file.data, file.contentType);
          artifacts.push({
            id: rng.uuid(),
            playbook_run_action_id: row.id,
            path: `playbooks/${String(run.id)}/${String(row.name)}/${file.filename}`,
            filename: file.filename,
            content_type: file.contentType,
            ...stored,
            created_at: row.end_time ?? run.created_at,
            updated_at: row.end_time ?? run.created_at,
            // One artifact past its retention: listed, but no longer downloadable.
            expires_at: artifacts.length === 3 ? ago(DAY) : null,
          });
        }
      }
    });
  });
  return { runs, actions, artifacts, approvals };
}
