import { CHECK_BASE_DURATION_MS } from '../endpoints/shared/check-run';
import { Prng } from './prng';
import type { SeedRow } from './bulk-insert';
import { analysisFinding } from './catalog-content';
import { alignCanarySpecs, checkSpecEntry, topologySpec } from './check-specs';
import { generateConnections } from './connections';
import { DEMO_ROLES, demoPersonEmail, demoPersonName } from './demo-people';
import { generatePlaybookRows, generatePlaybookRuns } from './playbooks';

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export interface SeedOptions {
  /** Number of health checks (default 260). */
  checks?: number;
  /** Number of config items (default 3000). */
  configItems?: number;
  /** Number of config changes over 30 days, spread over the items (default about ten per item). */
  changes?: number;
  /** PRNG seed (default 20250423). */
  seed?: number;
  /** Reference time; defaults to now. */
  now?: Date;
  /**
   * Put before every topology, component, canary and check name (`acme` → `acme-shop`), so that several demo
   * backends (one per organization in hosted mode) show names a person or a test can tell apart.
   */
  namePrefix?: string;
}

/** A name prefix is a short lower-case label: it ends up in URLs, filters and PostgREST queries. */
export const NAME_PREFIX_PATTERN = /^[a-z0-9][a-z0-9-]{0,30}$/;

export interface CheckProfile {
  id: string;
  k: number;
  base: number;
  mode: 'healthy' | 'unhealthy' | 'flapping';
  t0: string;
  interval: number;
  type: string;
}

export interface GeneratedSeed {
  tables: [table: string, rows: SeedRow[]][];
  checkProfiles: CheckProfile[];
  demoPeople: { id: string; role: string }[];
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[((index % items.length) + items.length) % items.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/** Builds every demo row in memory (deterministic for a seed and a reference time). */
export function generateSeed(options: SeedOptions = {}): GeneratedSeed {
  const rng = new Prng(options.seed ?? 20250423);
  if (options.namePrefix !== undefined && !NAME_PREFIX_PATTERN.test(options.namePrefix)) {
    throw new Error(
      `namePrefix must match ${NAME_PREFIX_PATTERN.source}, got ${JSON.stringify(options.namePrefix)}`,
    );
  }
  const named = (name: string) => (options.namePrefix ? `${options.namePrefix}-${name}` : name);
  const nowMs = (options.now ?? new Date()).getTime();
  const ago = (ms: number) => new Date(nowMs - ms).toISOString();
  const ahead = (ms: number) => new Date(nowMs + ms).toISOString();
  const tables: [string, SeedRow[]][] = [];
  const add = (table: string, rows: SeedRow[]) => {
    tables.push([table, rows]);
    return rows;
  };

  // ---- people, teams, agents, roles -------------------------------------------------------------------------
  const people: SeedRow[] = [];
  const casbin: SeedRow[] = [];
  const demoPeople: { id: string; role: string }[] = [];
  for (const role of DEMO_ROLES) {
    const id = rng.uuid();
    demoPeople.push({ id, role });
    people.push({
      id,
      name: demoPersonName(role),
      email: demoPersonEmail(role),
      properties: { role },
      created_at: ago(90 * DAY),
      updated_at: ago(90 * DAY),
      last_login: ago(rng.int(1, 48) * HOUR),
      // No third-party avatar addresses (issue 37): those pictures were initials, which the console draws itself.
      avatar: null,
    });
    casbin.push({ ptype: 'g', v0: id, v1: role });
  }
  const humanRoles = [
    'admin',
    'admin',
    'editor',
    'editor',
    'editor',
    'commander',
    'commander',
    'responder',
    'responder',
    'responder',
    'viewer',
    'viewer',
    'viewer',
    'viewer',
    'guest',
    'guest',
  ];
  const firstNames = [
    'Alice',
    'Bob',
    'Carmen',
    'Dmitri',
    'Eva',
    'Farid',
    'Grace',
    'Hiro',
    'Ines',
    'Jonas',
    'Kemi',
    'Lars',
    'Maya',
    'Nikhil',
    'Olga',
    'Pedro',
  ];
  const lastNames = [
    'Anders',
    'Brooks',
    'Costa',
    'Dubois',
    'Eriksen',
    'Fischer',
    'Garcia',
    'Hansen',
    'Ito',
    'Jensen',
    'Kowalski',
    'Lopez',
    'Moreau',
    'Nakamura',
    'Okafor',
    'Petrov',
  ];
  const humans: string[] = [];
  const identities: SeedRow[] = [];
  humanRoles.forEach((role, i) => {
    const id = rng.uuid();
    humans.push(id);
    const first = at(firstNames, i);
    const last = at(lastNames, i);
    const email = `${first.toLowerCase()}.${last.toLowerCase()}@example.com`;
    people.push({
      id,
      name: `${first} ${last}`,
      email,
      properties: { role },
      title: at(['SRE', 'Platform Engineer', 'Developer', 'Manager'], i),
      avatar: null,
      created_at: ago((60 + i) * DAY),
      updated_at: ago(i * DAY),
      last_login: i % 3 === 0 ? null : ago(i * HOUR),
    });
    casbin.push({ ptype: 'g', v0: id, v1: role });
    identities.push({
      id,
      traits: { email, name: { first, last } },
      state: i >= 14 ? 'inactive' : 'active',
      state_changed_at: ago(i * DAY),
      created_at: ago((60 + i) * DAY),
      updated_at: ago(i * DAY),
    });
  });
  const agentPersons: string[] = [];
  for (let i = 0; i < 4; i++) {
    const id = rng.uuid();
    agentPersons.push(id);
    people.push({
      id,
      name: `agent-${rng.hex(16)}`,
      email: null,
      type: 'agent',
      created_at: ago((30 - i) * DAY),
      updated_at: ago((30 - i) * DAY),
    });
    casbin.push({ ptype: 'g', v0: id, v1: 'agent' });
  }
  people.push({
    id: rng.uuid(),
    name: 'Former Employee',
    email: 'former@example.com',
    created_at: ago(200 * DAY),
    updated_at: ago(20 * DAY),
    deleted_at: ago(20 * DAY),
  });
  add('people', people);
  add('identities', identities);
  const adminId = at(demoPeople, 0).id;
  const everyone = [...demoPeople.map((p) => p.id), ...humans];

  const agents: SeedRow[] = [
    {
      id: rng.uuid(),
      name: 'prod-eu-west',
      hostname: 'agent-prod-eu-west-0',
      description: 'Production cluster (EU)',
      version: 'v0.0.812',
      person_id: at(agentPersons, 0),
      created_by: adminId,
      created_at: ago(120 * DAY),
      updated_at: ago(10_000),
      last_seen: ago(10_000),
      last_received: ago(10_000),
      properties: { region: 'eu-west-1', env: 'production' },
    },
    {
      id: rng.uuid(),
      name: 'staging',
      hostname: 'agent-staging-0',
      description: 'Staging cluster',
      version: 'v0.0.810',
      person_id: at(agentPersons, 1),
      created_by: adminId,
      created_at: ago(100 * DAY),
      updated_at: ago(3 * HOUR),
      last_seen: ago(3 * HOUR),
      last_received: ago(3 * HOUR),
    },
    {
      id: rng.uuid(),
      name: 'edge-lab',
      description: 'Never connected',
      person_id: at(agentPersons, 2),
      created_by: adminId,
      created_at: ago(5 * DAY),
      updated_at: ago(5 * DAY),
    },
    {
      id: rng.uuid(),
      name: 'decommissioned',
      description: 'Removed agent',
      person_id: at(agentPersons, 3),
      created_by: adminId,
      created_at: ago(150 * DAY),
      updated_at: ago(40 * DAY),
      deleted_at: ago(40 * DAY),
      cleanup: true,
      last_seen: ago(41 * DAY),
    },
    {
      id: rng.uuid(),
      name: 'dr-us-east',
      hostname: 'agent-dr-0',
      description: 'Disaster recovery region',
      version: 'v0.0.812',
      created_by: adminId,
      created_at: ago(60 * DAY),
      updated_at: ago(20_000),
      last_seen: ago(20_000),
      properties: { region: 'us-east-1' },
    },
  ];
  add('agents', agents);
  const agentIds = agents.map((a) => String(a.id));
  const liveAgent = at(agentIds, 0);

  const teamNames = ['Platform', 'Payments', 'SRE', 'Data', 'Security', 'Legacy'];
  const teams: SeedRow[] = teamNames.map((name, i) => ({
    id: rng.uuid(),
    name,
    icon: at(['k8s', 'dollar', 'heart', 'database', 'shield', 'archive'], i),
    source: i === 4 ? 'KubernetesCRD' : 'UI',
    created_by: adminId,
    created_at: ago((80 - i) * DAY),
    updated_at: ago(i * DAY),
    spec: i < 3 ? { notifications: [{ connection: 'connection://slack/alerts' }] } : {},
    deleted_at: i === 5 ? ago(10 * DAY) : null,
  }));
  add('teams', teams);
  const teamIds = teams.map((t) => String(t.id));
  const teamMembers: SeedRow[] = [];
  const memberKeys = new Set<string>();
  // Demo people stay out of teams with permission grants so each one behaves exactly like its role.
  for (let i = 0; i < 24; i++) {
    const team = at(teamIds, i % 5);
    const person = at(humans, (i * 7) % humans.length);
    if (memberKeys.has(team + person)) continue;
    memberKeys.add(team + person);
    teamMembers.push({ team_id: team, person_id: person });
  }
  teamMembers.push({
    team_id: at(teamIds, 1),
    person_id: demoPeople.find((p) => p.role === 'responder')?.id,
  });
  teamMembers.push({
    team_id: at(teamIds, 3),
    person_id: demoPeople.find((p) => p.role === 'responder')?.id,
  });
  const uniqueMembers = teamMembers.filter(
    (m, i, all) => all.findIndex((o) => o.team_id === m.team_id && o.person_id === m.person_id) === i,
  );
  add('team_members', uniqueMembers);
  for (const m of uniqueMembers) casbin.push({ ptype: 'g', v0: m.person_id, v1: m.team_id });
  add('casbin_rule', casbin);

  // ---- connections ------------------------------------------------------------------------------------------
  const connections = add('connections', generateConnections({ ids: () => rng.uuid(), ago, adminId }));

  // ---- canaries and checks ----------------------------------------------------------------------------------
  // The simulated runs (ticker, run-now) use the same base durations as the seeded history.
  const checkTypes = Object.keys(CHECK_BASE_DURATION_MS);
  const namespaces = ['default', 'monitoring', 'payments', 'platform'];
  const canarySources = ['UI', 'KubernetesCRD', 'ConfigFile', 'KubernetesCRD'];
  const canaries: SeedRow[] = [];
  for (let i = 0; i < 14; i++) {
    const ns = at(namespaces, i);
    const interval = at([30, 60, 300], i);
    const type = at(checkTypes, i);
    const name = named(`${at(['api', 'db', 'cache', 'edge', 'batch', 'auth', 'search'], i)}-${type}`);
    canaries.push({
      id: rng.uuid(),
      name,
      namespace: ns,
      labels: { env: i % 3 === 0 ? 'production' : 'staging', team: at(teamNames, i) },
      spec: {
        interval,
        schedule: i === 4 ? '@every 5m' : undefined,
        [type]: [
          {
            name: `${name}-check`,
            url: type === 'http' ? `https://${name}.example.com/health` : undefined,
            endpoint: `${name}.${ns}.svc:8080`,
          },
        ],
      },
      source: i === 12 ? `component/${rng.uuid()}` : at(canarySources, i),
      agent_id: i === 10 || i === 11 ? at(agentIds, 0) : NIL_UUID,
      created_by: i % 2 === 0 ? adminId : null,
      created_at: ago((40 - i) * DAY),
      updated_at: ago(i * HOUR),
      deleted_at: i === 13 ? ago(6 * DAY) : null,
    });
  }
  add('canaries', canaries);
  const liveCanaries = canaries.filter((c) => !c.deleted_at);

  const checkCount = options.checks ?? 260;
  const checks: SeedRow[] = [];
  const checkProfiles: CheckProfile[] = [];
  const severities = ['info', 'low', 'medium', 'high', 'critical'];
  for (let k = 0; k < checkCount; k++) {
    const canary = at(liveCanaries, k);
    const type = at(checkTypes, k * 5 + (k >> 4));
    const mode = rng.weighted([
      ['healthy', 78],
      ['unhealthy', 14],
      ['flapping', 5],
      ['never', 3],
    ] as const);
    const deleted = k % 33 === 7;
    const silenced = !deleted && k % 43 === 5;
    const interval = at([30, 60, 300], k) * 1000;
    const base = CHECK_BASE_DURATION_MS[type] ?? 100;
    const lastRun = deleted ? nowMs - (k % 2 === 0 ? 2 * HOUR : 20 * DAY) : nowMs - rng.int(5, 240) * 1000;
    const id = rng.uuid();
    const prefix = at(['payments/api', 'platform/k8s', 'edge/cdn', 'data/warehouse', 'auth'], k);
    const effectiveStatus = mode === 'never' ? null : mode === 'healthy' ? 'healthy' : 'unhealthy';
    checks.push({
      id,
      canary_id: canary.id,
      agent_id: canary.agent_id,
      type,
      name: named(
        k % 4 === 0
          ? `${prefix}/${type}-${k}`
          : `${type}-${at(['api', 'db', 'queue', 'gateway', 'worker'], k)}-${k}`,
      ),
      namespace: canary.namespace,
      description: `${type.toUpperCase()} check of ${prefix}`,
      icon: type,
      spec: { interval: interval / 1000, endpoint: `${prefix.replace('/', '-')}.svc:${8000 + (k % 100)}` },
      labels: {
        env: k % 3 === 0 ? 'production' : 'staging',
        team: at(teamNames, k),
        tier: at(['frontend', 'backend', 'data'], k),
        region: at(['eu-west-1', 'us-east-1', 'ap-south-1'], k),
      },
      owner: at(teamNames, k),
      severity: at(severities, k),
      status: effectiveStatus,
      last_runtime: mode === 'never' ? null : new Date(lastRun).toISOString(),
      next_runtime: new Date(lastRun + interval).toISOString(),
      last_transition_time: mode === 'never' ? null : ago(rng.int(10, 5000) * MIN),
      silenced_at: silenced ? ago(rng.int(1, 72) * HOUR) : null,
      created_at: ago((30 + (k % 30)) * DAY),
      updated_at: new Date(lastRun).toISOString(),
      deleted_at: deleted ? new Date(lastRun).toISOString() : null,
    });
    if (mode !== 'never')
      checkProfiles.push({ id, k, base, mode, t0: new Date(lastRun).toISOString(), interval, type });
  }
  add('checks', checks);
  // Each check's spec is its canary spec entry, and each canary's spec lists exactly its live checks.
  checks.forEach((c, k) => {
    c.spec = checkSpecEntry(
      String(c.type),
      String(c.name),
      String((c.spec as { endpoint?: string } | null)?.endpoint ?? c.name),
      k,
    );
  });
  alignCanarySpecs(canaries, checks);
  const liveChecks = checks.filter((c) => !c.deleted_at);

  // ---- config scrapers and items ----------------------------------------------------------------------------
  const scraperDefs = [
    [
      'kubernetes-prod',
      'KubernetesCRD',
      NIL_UUID,
      {
        kubernetes: [
          {
            clusterName: 'prod',
            namespaces: [],
            exclusions: { name: ['kube-*'], kind: ['Event'] },
            event: { exclusions: { reason: ['Pulled'] } },
          },
        ],
      },
    ],
    ['kubernetes-edge', 'KubernetesCRD', liveAgent, { kubernetes: [{ clusterName: 'edge' }] }],
    [
      'aws-accounts',
      'UI',
      NIL_UUID,
      {
        aws: [
          {
            regions: ['eu-west-1', 'us-east-1'],
            connection: 'connection://platform/aws-prod',
            compliance: true,
            trustedAdvisorCheck: true,
            include: ['EC2', 'RDS', 'S3', 'IAM', 'Lambda', 'VPC'],
          },
        ],
      },
    ],
    [
      'azure-subscription',
      'ConfigFile',
      NIL_UUID,
      {
        azure: [
          {
            subscriptionID: '9d3f5a1c-62b8-4c1f-8a4e-0f9b7e2c5d13',
            organisation: 'acme',
            connection: 'connection://default/azure-main',
            tenantID: '72f988bf-86f1-41af-91ab-2d7cd011db47',
          },
        ],
      },
    ],
    [
      'github-actions',
      'UI',
      NIL_UUID,
      {
        githubActions: [
          {
            owner: 'acme',
            repository: 'shop',
            personalAccessToken: {
              valueFrom: { secretKeyRef: { name: 'github-credentials', key: 'token' } },
            },
            workflows: ['ci.yml', 'deploy.yml'],
          },
        ],
      },
    ],
    [
      'sql-inventory',
      'UI',
      NIL_UUID,
      {
        sql: [
          {
            connection: 'connection://default/inventory',
            driver: 'postgres',
            query: 'SELECT id, hostname, owner FROM servers',
            type: 'Inventory::Server',
            id: '$.id',
            name: '$.hostname',
          },
        ],
      },
    ],
    [
      'old-file-scraper',
      'ConfigFile',
      NIL_UUID,
      {
        file: [
          {
            type: 'File::Config',
            paths: ['/etc/demo/*.yaml'],
            id: '$.metadata.name',
            name: '$.metadata.name',
          },
        ],
      },
    ],
    [
      'trivy-images',
      'UI',
      NIL_UUID,
      {
        trivy: [
          {
            version: '0.50.1',
            kubernetes: { namespace: 'default' },
            severity: ['CRITICAL', 'HIGH'],
            ignoreUnfixed: true,
            scanners: ['vuln'],
          },
        ],
      },
    ],
    [
      'kubernetes-file-manifests',
      'KubernetesCRD',
      NIL_UUID,
      {
        kubernetesFile: [
          {
            selector: { namespace: 'payments', kind: 'Deployment', labelSelector: 'app=ledger' },
            files: [{ path: ['/app/config.yaml'], format: 'yaml' }],
          },
        ],
      },
    ],
    [
      'status-api',
      'UI',
      NIL_UUID,
      {
        http: [
          {
            url: 'https://status.acme.example.com/api/v2/components.json',
            type: 'StatusPage::Component',
            id: '$.id',
            name: '$.name',
            items: '$.components',
          },
        ],
      },
    ],
    [
      'azure-devops-pipelines',
      'UI',
      NIL_UUID,
      {
        azureDevops: [
          {
            organization: 'acme-platform',
            personalAccessToken: {
              valueFrom: { secretKeyRef: { name: 'azure-devops-credentials', key: 'password' } },
            },
            projects: ['infrastructure'],
            pipelines: ['*'],
          },
        ],
      },
    ],
  ] as const;
  const scrapers: SeedRow[] = scraperDefs.map(([name, source, agent, spec], i) => ({
    id: rng.uuid(),
    name,
    namespace: 'default',
    description: `${name} scraper`,
    spec: { ...spec, schedule: '@every 30m' },
    source,
    agent_id: agent,
    created_by: adminId,
    created_at: ago((70 - i) * DAY),
    updated_at: ago(i * DAY),
    deleted_at: i === 6 ? ago(15 * DAY) : null,
  }));
  add('config_scrapers', scrapers);
  const sid = (i: number) => String(at(scrapers, i).id);

  const healthOf = (status: string) =>
    ['CrashLoopBackOff', 'Failed'].includes(status)
      ? 'unhealthy'
      : ['Pending', 'Terminating'].includes(status)
        ? 'warning'
        : status === 'Unknown'
          ? 'unknown'
          : 'healthy';
  const items: SeedRow[] = [];
  const itemCountTarget = options.configItems ?? 3000;
  const pushItem = (row: SeedRow, parent?: SeedRow) => {
    const id = rng.uuid();
    const created = nowMs - rng.int(2, 120) * DAY;
    const deleted = rng.bool(0.08);
    items.push({
      id,
      config_class: row.config_class,
      type: row.type,
      name: row.name,
      status: row.status,
      health: row.status ? healthOf(String(row.status)) : 'unknown',
      ready: row.status !== 'Pending',
      external_id: [`${String(row.type).toLowerCase()}/${String(row.name)}`],
      scraper_id: row.scraper_id,
      agent_id: row.agent_id ?? NIL_UUID,
      tags: row.tags,
      labels: row.labels,
      parent_id: parent?.id ?? null,
      path: parent ? (parent.path ? `${String(parent.path)}.${String(parent.id)}` : String(parent.id)) : '',
      config: row.config ?? { kind: String(row.type).split('::')[1], metadata: { name: row.name } },
      description: row.description ?? null,
      source: row.source ?? null,
      properties: row.properties ?? null,
      cost_per_minute: row.cost ? Number(row.cost) / 1440 / 30 : null,
      cost_total_1d: row.cost ? Number(row.cost) / 30 : null,
      cost_total_7d: row.cost ? (Number(row.cost) * 7) / 30 : null,
      cost_total_30d: row.cost ?? null,
      icon: row.icon ?? null,
      created_at: new Date(created).toISOString(),
      updated_at: ago(rng.int(1, 48) * HOUR),
      inserted_at: new Date(created).toISOString(),
      last_scraped_time: ago(rng.int(1, 30) * MIN),
      deleted_at: deleted ? ago(rng.int(1, 20) * DAY) : null,
      delete_reason: deleted ? rng.pick(['NotFound', 'Stale', 'FromEvent']) : null,
    });
    return items[items.length - 1] as SeedRow;
  };
  const podStatuses = [
    ['Running', 80],
    ['Pending', 5],
    ['CrashLoopBackOff', 5],
    ['Completed', 5],
    ['Failed', 3],
    ['Terminating', 2],
  ] as const;
  const clusters = [
    ['prod', sid(0), NIL_UUID],
    ['edge', sid(1), liveAgent],
    ['staging', sid(0), at(agentIds, 1)],
  ] as const;
  const apps = [
    'checkout',
    'cart',
    'catalog',
    'payments',
    'auth',
    'search',
    'gateway',
    'ledger',
    'notifier',
    'reports',
    'recommender',
    'inventory',
  ];
  const k8s = (type: string, name: string, extra: SeedRow) => ({
    config_class: type,
    type: `Kubernetes::${type}`,
    name,
    icon: `k8s-${type.toLowerCase()}`,
    ...extra,
  });
  const nodes: SeedRow[] = [];
  const services: SeedRow[] = [];
  const pods: SeedRow[] = [];
  const deployments: SeedRow[] = [];
  let clusterIndex = 0;
  while (items.length < itemCountTarget * 0.8) {
    const [cluster, scraper, agent] = at(clusters, clusterIndex);
    clusterIndex++;
    const round = Math.floor(clusterIndex / clusters.length);
    const clusterName = round === 0 ? cluster : `${cluster}-${round}`;
    const baseTags = { cluster: clusterName };
    const c = pushItem({
      ...k8s('Cluster', clusterName, { status: 'Running', tags: baseTags, labels: {} }),
      scraper_id: scraper,
      agent_id: agent,
    });
    for (let n = 0; n < 4; n++)
      nodes.push(
        pushItem(
          {
            ...k8s('Node', `${clusterName}-node-${n}`, {
              status: 'Running',
              tags: { ...baseTags, region: 'eu-west-1' },
              labels: { 'node.kubernetes.io/instance-type': 'm5.large' },
              cost: 70 + n,
              // A percentage and a value with a max (progress bars, spec 001 §9); derived, not drawn from the PRNG,
              // so the rest of the demo data stays as it was.
              properties: [
                { name: 'CPU', value: 40 + n * 18, unit: 'percent' },
                { name: 'Pods', value: 20 + n * 25, max: 110 },
              ],
            }),
            scraper_id: scraper,
            agent_id: agent,
          },
          c,
        ),
      );
    for (const ns of ['default', 'payments', 'platform', 'monitoring']) {
      const tags = { ...baseTags, namespace: ns };
      const nsItem = pushItem(
        {
          ...k8s('Namespace', ns, { status: 'Running', tags, labels: {} }),
          scraper_id: scraper,
          agent_id: agent,
        },
        c,
      );
      for (let a = 0; a < 6; a++) {
        const app = at(apps, a + ns.length);
        const labels = { app, team: at(teamNames, a) };
        pushItem(
          {
            ...k8s('ConfigMap', `${app}-config`, { status: null, tags, labels }),
            scraper_id: scraper,
            agent_id: agent,
          },
          nsItem,
        );
        services.push(
          pushItem(
            {
              ...k8s('Service', app, { status: 'Running', tags, labels }),
              scraper_id: scraper,
              agent_id: agent,
            },
            nsItem,
          ),
        );
        if (a % 3 === 0)
          pushItem(
            {
              ...k8s('Ingress', `${app}-ingress`, { status: 'Available', tags, labels }),
              scraper_id: scraper,
              agent_id: agent,
            },
            nsItem,
          );
        const dep = pushItem(
          {
            ...k8s('Deployment', app, { status: 'Running', tags, labels }),
            scraper_id: scraper,
            agent_id: agent,
          },
          nsItem,
        );
        deployments.push(dep);
        const rs = pushItem(
          {
            ...k8s('ReplicaSet', `${app}-${rng.hex(9)}`, { status: 'Running', tags, labels }),
            scraper_id: scraper,
            agent_id: agent,
          },
          dep,
        );
        for (let p = 0; p < 3; p++)
          pods.push(
            pushItem(
              {
                ...k8s('Pod', `${app}-${rng.hex(9)}-${rng.hex(5)}`, {
                  status: rng.weighted(podStatuses),
                  tags,
                  labels,
                }),
                scraper_id: scraper,
                agent_id: agent,
              },
              rs,
            ),
          );
      }
    }
  }
  const ec2s: SeedRow[] = [];
  const sgs: SeedRow[] = [];
  // The network the instances live in: account → VPC → subnets (kept live, so the relationship chain
  // Cluster → … → Pod → Node → EC2 instance → security group → VPC → account is nine levels deep).
  const keep = (row: SeedRow) => Object.assign(row, { deleted_at: null, delete_reason: null });
  const awsAccounts = ['prod-account', 'shared-services'].map((account) =>
    keep(
      pushItem({
        config_class: 'Account',
        type: 'AWS::::Account',
        name: account,
        status: 'Available',
        tags: { account },
        labels: {},
        scraper_id: sid(2),
        icon: 'aws',
        config: { AccountId: account === 'prod-account' ? '123456789012' : '210987654321', Alias: account },
      }),
    ),
  );
  const vpcs = awsAccounts.flatMap((account) =>
    ['eu-west-1', 'us-east-1'].map((region) =>
      keep(
        pushItem(
          {
            config_class: 'Network',
            type: 'AWS::EC2::VPC',
            name: `vpc-${rng.hex(8)}`,
            status: 'Available',
            tags: { account: String(account.name), region },
            labels: { Name: `${String(account.name)}-${region}` },
            scraper_id: sid(2),
            icon: 'aws-vpc',
            config: { CidrBlock: '10.0.0.0/16', State: 'available' },
          },
          account,
        ),
      ),
    ),
  );
  const subnets = vpcs.flatMap((vpc, v) =>
    ['a', 'b'].map((zone) =>
      keep(
        pushItem(
          {
            config_class: 'Subnet',
            type: 'AWS::EC2::Subnet',
            name: `subnet-${rng.hex(8)}`,
            status: 'Available',
            tags: { ...(vpc.tags as Record<string, string>) },
            labels: { Name: `private-${zone}-${v}` },
            scraper_id: sid(2),
            icon: 'aws-subnet',
          },
          vpc,
        ),
      ),
    ),
  );
  let idx = 0;
  while (items.length < itemCountTarget) {
    idx++;
    const account = at(['prod-account', 'shared-services'], idx);
    const region = at(['eu-west-1', 'us-east-1'], idx);
    const tags = { account, region };
    const kind = idx % 9;
    if (kind < 3)
      ec2s.push(
        pushItem({
          config_class: 'VirtualMachine',
          type: 'AWS::EC2::Instance',
          name: `i-${rng.hex(17)}`,
          status: rng.pick(['Running', 'Running', 'Stopped']),
          tags,
          labels: { Name: `web-${idx}` },
          scraper_id: sid(2),
          cost: rng.int(20, 400),
          icon: 'aws-ec2',
        }),
      );
    else if (kind === 3)
      pushItem({
        config_class: 'Database',
        type: 'AWS::RDS::DBInstance',
        name: `rds-${idx}`,
        status: 'Available',
        tags,
        labels: { engine: 'postgres' },
        scraper_id: sid(2),
        cost: rng.int(100, 900),
        icon: 'aws-rds',
      });
    else if (kind === 4)
      pushItem({
        config_class: 'Bucket',
        type: 'AWS::S3::Bucket',
        name: `demo-bucket-${idx}`,
        status: 'Available',
        tags,
        labels: {},
        scraper_id: sid(2),
        cost: rng.int(1, 60),
        icon: 'aws-s3',
      });
    else if (kind === 5)
      pushItem({
        config_class: 'Role',
        type: 'AWS::IAM::Role',
        name: `role-${idx}`,
        status: null,
        tags,
        labels: {},
        scraper_id: sid(2),
        icon: 'aws-iam',
      });
    else if (kind === 6)
      pushItem({
        config_class: 'Function',
        type: 'AWS::Lambda::Function',
        name: `fn-${idx}`,
        status: 'Available',
        tags,
        labels: {},
        scraper_id: sid(2),
        cost: rng.int(1, 30),
        icon: 'aws-lambda',
      });
    else if (kind === 7)
      pushItem({
        config_class: 'VirtualMachine',
        type: 'Azure::VirtualMachine',
        name: `azvm-${idx}`,
        status: rng.pick(['Running', 'Stopped']),
        tags: { subscription: 'demo', region: 'westeurope' },
        labels: {},
        scraper_id: sid(3),
        cost: rng.int(30, 300),
        icon: 'azure-vm',
      });
    else if (idx % 2 === 0)
      sgs.push(
        pushItem({
          config_class: 'SecurityGroup',
          type: 'AWS::EC2::SecurityGroup',
          name: `sg-${rng.hex(12)}`,
          status: null,
          tags,
          labels: {},
          scraper_id: sid(2),
          icon: 'aws-ec2',
        }),
      );
    else
      pushItem({
        config_class: 'Workflow',
        type: 'GitHub::Workflow',
        name: `ci-${idx}.yml`,
        status: rng.pick(['Completed', 'Failed', 'Running']),
        tags: { repository: 'demo/shop' },
        labels: {},
        scraper_id: sid(4),
        icon: 'github',
      });
  }
  add('config_items', items);
  const liveItems = items.filter((i) => !i.deleted_at);

  // Soft relationships (hard ones come from the parent trigger), a few deleted, and a deliberate cycle.
  const rels: SeedRow[] = [];
  const relKeys = new Set<string>();
  const addRel = (a: SeedRow | undefined, b: SeedRow | undefined, relation: string, deleted = false) => {
    if (!a || !b || a.id === b.id) return;
    const key = `${String(a.id)}${String(b.id)}${relation}`;
    if (relKeys.has(key)) return;
    relKeys.add(key);
    rels.push({
      config_id: a.id,
      related_id: b.id,
      relation,
      created_at: ago(rng.int(1, 60) * DAY),
      deleted_at: deleted ? ago(DAY) : null,
    });
  };
  deployments.forEach((d, i) => addRel(d, at(services, i), 'DeploymentService', i % 50 === 0));
  pods.forEach((p, i) => addRel(p, at(nodes, i), 'PodNode', i % 60 === 0));
  ec2s.forEach((e, i) => sgs.length && addRel(e, at(sgs, i), 'EC2InstanceSecurityGroup'));
  nodes.forEach((n, i) => ec2s.length && addRel(n, at(ec2s, i), 'NodeInstance'));
  const vpcOf = (row: SeedRow) =>
    vpcs.find(
      (v) =>
        (v.tags as Record<string, string>).account === (row.tags as Record<string, string>).account &&
        (v.tags as Record<string, string>).region === (row.tags as Record<string, string>).region,
    );
  sgs.forEach((sg) => addRel(sg, vpcOf(sg), 'SecurityGroupVPC'));
  vpcs.forEach((vpc) =>
    addRel(
      vpc,
      awsAccounts.find((a) => a.name === (vpc.tags as Record<string, string>).account),
      'VPCAccount',
    ),
  );
  ec2s.forEach((e, i) => addRel(e, at(subnets, i), 'EC2InstanceSubnet'));
  addRel(at(services, 0), at(deployments, 0), 'ServiceDeployment');
  addRel(at(ec2s, 0), at(ec2s, 1), 'Alias');
  addRel(at(ec2s, 1), at(ec2s, 0), 'Alias');
  add('config_relationships', rels);

  const analysisSeverities = ['info', 'low', 'medium', 'high', 'critical'];
  const analysis: SeedRow[] = [];
  const analysisCount = Math.round(items.length * 0.53);
  for (let i = 0; i < analysisCount; i++) {
    const item = at(items, (i * 7) % items.length);
    const first = nowMs - rng.int(1, 45) * DAY;
    const finding = analysisFinding(item, i);
    analysis.push({
      id: rng.uuid(),
      config_id: item.id,
      scraper_id: item.scraper_id,
      analyzer: finding.analyzer,
      analysis_type: finding.analysis_type,
      severity: at(analysisSeverities, i + (i >> 3)),
      status: rng.weighted([
        ['open', 80],
        ['resolved', 15],
        ['silenced', 5],
      ] as const),
      summary: finding.summary,
      message: finding.message,
      analysis: finding.analysis,
      source: finding.source,
      first_observed: new Date(first).toISOString(),
      last_observed: new Date(Math.min(nowMs, first + rng.int(0, 40) * DAY)).toISOString(),
    });
  }
  add('config_analysis', analysis);

  // ---- topology -----------------------------------------------------------------------------------------------
  const topologies: SeedRow[] = ['shop', 'platform', 'data', 'edge', 'retired'].map((name, i) => ({
    id: rng.uuid(),
    name: named(name),
    namespace: i === 2 ? 'data' : 'default',
    labels: { team: at(teamNames, i) },
    source: i === 1 ? 'KubernetesCRD' : 'UI',
    spec: { schedule: '@every 5m', components: [] },
    schedule: '@every 5m',
    agent_id: i === 3 ? liveAgent : NIL_UUID,
    created_by: adminId,
    created_at: ago((90 - i) * DAY),
    updated_at: ago(i * HOUR),
    deleted_at: i === 4 ? ago(12 * DAY) : null,
  }));
  topologies.forEach((t, i) => {
    t.spec = topologySpec(String(t.name), i);
  });
  add('topologies', topologies);
  const components: SeedRow[] = [];
  const compStatuses = [
    ['healthy', 70],
    ['unhealthy', 12],
    ['warning', 12],
    ['unknown', 6],
  ] as const;
  const addComponent = (
    topology: SeedRow,
    parent: SeedRow | null,
    name: string,
    type: string,
    depth: number,
  ) => {
    const status = rng.weighted(compStatuses);
    const id = rng.uuid();
    const row: SeedRow = {
      id,
      topology_id: topology.id,
      agent_id: topology.agent_id,
      external_id: `${String(topology.name)}/${name}`,
      parent_id: parent?.id ?? null,
      name,
      type,
      icon: type,
      status,
      health: status,
      status_reason: status === 'healthy' ? null : `${name} reports ${status}`,
      labels: { team: at(teamNames, components.length), tier: at(['frontend', 'backend', 'data'], depth) },
      properties: [
        { name: 'cpu', value: rng.int(50, 900), unit: 'millicores', icon: 'cpu' },
        { name: 'memory', value: rng.int(64, 4096) * 1048576, unit: 'bytes' },
        // Not from the PRNG (the rest of the demo data stays as it was): a percentage drawn as a bar (spec 001 §9).
        { name: 'disk', value: (components.length * 37) % 100, unit: 'percent' },
        {
          name: 'docs',
          text: 'Runbook',
          links: [{ type: 'documentation', url: 'https://example.com/runbook', text: 'Runbook' }],
        },
      ],
      path: parent ? (parent.path ? `${String(parent.path)}.${String(parent.id)}` : String(parent.id)) : '',
      owner: at(teamNames, depth),
      lifecycle: 'production',
      summary: {
        healthy: status === 'healthy' ? 1 : 0,
        unhealthy: status === 'unhealthy' ? 1 : 0,
        warning: status === 'warning' ? 1 : 0,
      },
      is_leaf: depth >= 3,
      created_at: String(topology.created_at),
      updated_at: ago(rng.int(1, 600) * MIN),
      description: `${type} ${name}`,
    };
    components.push(row);
    return row;
  };
  for (const topology of topologies) {
    const root = addComponent(topology, null, String(topology.name), 'Application', 0);
    for (let a = 0; a < 4; a++) {
      const svc = addComponent(topology, root, `${String(topology.name)}-${at(apps, a)}`, 'Service', 1);
      for (let b = 0; b < 3; b++) {
        const inst = addComponent(
          topology,
          svc,
          `${String(svc.name)}-${at(['api', 'worker', 'db'], b)}`,
          at(['Deployment', 'Worker', 'Database'], b),
          2,
        );
        for (let c = 0; c < 2; c++) addComponent(topology, inst, `${String(inst.name)}-pod-${c}`, 'Pod', 3);
      }
    }
  }
  components.forEach((c, i) => {
    if (i % 37 === 5) c.hidden = true;
    if (i % 45 === 9) c.deleted_at = ago(3 * DAY);
    if (i % 15 === 2)
      c.log_selectors = [
        { name: 'app', labels: { app: String(c.name) } },
        { name: 'audit', labels: { stream: 'audit' } },
      ];
    if (i % 10 === 4 && liveItems.length) c.config_id = at(liveItems, i * 3).id;
  });
  add('components', components);
  const liveComponents = components.filter((c) => !c.deleted_at);
  const compRels: SeedRow[] = [];
  for (let i = 0; i < 60; i++) {
    const a = at(liveComponents, i * 3);
    const b = at(liveComponents, i * 3 + 7);
    if (a.id !== b.id)
      compRels.push({
        component_id: a.id,
        relationship_id: b.id,
        selector_id: `sel-${i}`,
        created_at: ago(DAY),
      });
  }
  add('component_relationships', compRels);
  const ccr: SeedRow[] = [];
  const ccrKeys = new Set<string>();
  for (let i = 0; i < 300; i++) {
    const comp = at(liveComponents, i);
    const item = at(liveItems, i * 11);
    if (ccrKeys.has(String(comp.id) + String(item.id))) continue;
    ccrKeys.add(String(comp.id) + String(item.id));
    ccr.push({
      component_id: comp.id,
      config_id: item.id,
      selector_id: i < 5 ? 'manual' : `selector-${i % 7}`,
      created_at: ago(2 * DAY),
    });
  }
  add('config_component_relationships', ccr);
  const checkComp: SeedRow[] = [];
  const checkCompKeys = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const check = at(liveChecks, i);
    const comp = at(liveComponents, i * 5);
    const key = String(check.id) + String(comp.id);
    if (checkCompKeys.has(key)) continue;
    checkCompKeys.add(key);
    checkComp.push({
      component_id: comp.id,
      check_id: check.id,
      canary_id: check.canary_id,
      created_at: ago(DAY),
    });
  }
  add('check_component_relationships', checkComp);
  const checkConf: SeedRow[] = [];
  const checkConfKeys = new Set<string>();
  for (let i = 0; i < 120; i++) {
    const check = at(liveChecks, i * 2);
    const item = at(liveItems, i * 13);
    const key = String(check.id) + String(item.id);
    if (checkConfKeys.has(key)) continue;
    checkConfKeys.add(key);
    checkConf.push({
      config_id: item.id,
      check_id: check.id,
      canary_id: check.canary_id,
      created_at: ago(DAY),
    });
  }
  add('check_config_relationships', checkConf);
  add(
    'team_components',
    Array.from({ length: 20 }, (_, i) => ({
      team_id: at(teamIds, i % 5),
      component_id: at(liveComponents, i * 4).id,
      role: i % 2 ? 'owner' : 'support',
    })).filter(
      (r, i, all) => all.findIndex((o) => o.team_id === r.team_id && o.component_id === r.component_id) === i,
    ),
  );

  return {
    tables,
    checkProfiles,
    demoPeople,
    ...generateRest({
      rng,
      ago,
      ahead,
      add,
      adminId,
      everyone,
      humans,
      teamIds,
      agentIds,
      liveChecks,
      liveItems,
      liveComponents,
      canaries,
      connections,
      analysis,
      scrapers,
      topologies,
      demoPeople,
    }),
  };
}

interface RestContext {
  rng: Prng;
  ago: (ms: number) => string;
  ahead: (ms: number) => string;
  add: (table: string, rows: SeedRow[]) => SeedRow[];
  adminId: string;
  everyone: string[];
  humans: string[];
  teamIds: string[];
  agentIds: string[];
  liveChecks: SeedRow[];
  liveItems: SeedRow[];
  liveComponents: SeedRow[];
  canaries: SeedRow[];
  connections: SeedRow[];
  analysis: SeedRow[];
  scrapers: SeedRow[];
  topologies: SeedRow[];
  demoPeople: { id: string; role: string }[];
}

/** Incidents, playbooks, notifications, permissions and settings rows (split out to keep each part readable). */
function generateRest(ctx: RestContext): Record<string, never> {
  const { rng, ago, ahead, add, adminId, everyone, teamIds, liveChecks, liveItems, liveComponents } = ctx;
  const person = (i: number) => at(everyone, i);
  const commanderId = ctx.demoPeople.find((p) => p.role === 'commander')?.id ?? adminId;
  const responderId = ctx.demoPeople.find((p) => p.role === 'responder')?.id ?? adminId;

  // ---- incidents ------------------------------------------------------------------------------------------------
  const rules = ['page-on-critical', 'checkout-errors', 'cost-anomaly', 'security-findings'].map(
    (name, i) => ({
      id: rng.uuid(),
      name,
      spec: { filter: { severity: at(['critical', 'high'], i) }, autoResolve: i % 2 === 0 },
      source: i === 3 ? 'KubernetesCRD' : 'UI',
      created_by: adminId,
      created_at: ago((30 - i) * DAY),
    }),
  );
  add('incident_rules', rules);
  const statuses = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'];
  const incSeverities = ['low', 'medium', 'high', 'critical', 'blocker'];
  const incTypes = [
    'cost',
    'availability',
    'performance',
    'security',
    'integration',
    'compliance',
    'technicalDebt',
    'reliability',
  ];
  const incidents: SeedRow[] = [];
  for (let i = 0; i < 30; i++) {
    const status = at(statuses, i);
    const created = DAY * (i + 1) * 0.9 + rng.int(0, 600) * MIN;
    const acked = ['open', 'new'].includes(status) ? null : ago(created - 20 * MIN);
    incidents.push({
      id: rng.uuid(),
      incident_id: `INC-${1000 + i}`,
      title: `${at(['Checkout latency spike', 'Payment gateway errors', 'Disk pressure on nodes', 'Certificate expiring', 'Unexpected cost increase', 'Open security group', 'Search index lagging', 'Login failures'], i)} #${i + 1}`,
      created_by: person(i),
      commander_id: i % 4 === 3 ? null : i % 2 ? commanderId : person(i + 2),
      communicator_id: i % 3 === 0 ? person(i + 5) : null,
      severity: at(incSeverities, i),
      description: `Demo incident ${i + 1}: investigation notes and impact summary.`,
      type: at(incTypes, i),
      status,
      acknowledged: acked,
      resolved: ['resolved', 'closed'].includes(status) ? ago(created - 3 * HOUR) : null,
      closed: status === 'closed' ? ago(created - 6 * HOUR) : null,
      incident_rule_id: i < 4 ? at(rules, i).id : null,
      created_at: ago(created),
      updated_at: ago(Math.max(0, created - 6 * HOUR)),
    });
  }
  add('incidents', incidents);
  const responders: SeedRow[] = [];
  incidents.forEach((inc, i) => {
    const n = 1 + (i % 2);
    for (let r = 0; r < n; r++) {
      const isTeam = (i + r) % 3 === 0;
      responders.push({
        id: rng.uuid(),
        incident_id: inc.id,
        type: isTeam ? 'team' : 'person',
        index: r,
        person_id: isTeam ? null : r === 0 && i % 5 === 0 ? responderId : person(i + r + 3),
        team_id: isTeam ? at(teamIds, i) : null,
        created_by: inc.created_by,
        created_at: inc.created_at,
        updated_at: inc.created_at,
        acknowledged: inc.acknowledged,
        deleted_at: (i + r) % 11 === 4 ? ago(HOUR) : null,
        properties: isTeam ? {} : { responseTime: '5m' },
      });
    }
  });
  add('responders', responders);
  const hypothesisStatuses = ['proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven'];
  const hypotheses: SeedRow[] = [];
  incidents.forEach((inc, i) => {
    const root = {
      id: rng.uuid(),
      incident_id: inc.id,
      created_by: inc.created_by,
      type: 'root',
      title: `Root cause candidate for ${String(inc.incident_id)}`,
      status: at(hypothesisStatuses, i),
      created_at: inc.created_at,
      updated_at: inc.updated_at,
    };
    hypotheses.push(root);
    if (i % 3 !== 2) {
      const factor = {
        id: rng.uuid(),
        incident_id: inc.id,
        parent_id: root.id,
        created_by: inc.created_by,
        type: 'factor',
        title: 'Contributing factor',
        status: at(hypothesisStatuses, i + 1),
        created_at: inc.created_at,
        updated_at: inc.updated_at,
      };
      hypotheses.push(factor);
      if (i % 2 === 0)
        hypotheses.push({
          id: rng.uuid(),
          incident_id: inc.id,
          parent_id: factor.id,
          created_by: inc.created_by,
          type: 'solution',
          title: 'Proposed fix',
          status: at(hypothesisStatuses, i + 2),
          created_at: inc.created_at,
          updated_at: inc.updated_at,
        });
    }
  });
  add('hypotheses', hypotheses);
  const evidenceTypes = ['log', 'config', 'topology', 'check', 'config_analysis', 'config_change', 'comment'];
  const evidences: SeedRow[] = [];
  for (let i = 0; i < 110; i++) {
    const h = at(hypotheses, i);
    const type = at(evidenceTypes, i);
    evidences.push({
      id: rng.uuid(),
      hypothesis_id: h.id,
      created_by: h.created_by,
      type,
      description: `${type} evidence ${i + 1}`,
      config_id: type === 'config' ? at(liveItems, i).id : null,
      component_id: type === 'topology' ? at(liveComponents, i).id : null,
      check_id: type === 'check' ? at(liveChecks, i).id : null,
      config_analysis_id: type === 'config_analysis' ? at(ctx.analysis, i).id : null,
      evidence:
        type === 'log'
          ? { lines: ['ERROR timeout after 30s', 'WARN retrying'] }
          : { note: 'captured from the console' },
      definition_of_done: i < 20,
      done: i < 12,
      factor: i % 4 === 0,
      mitigator: i % 6 === 0,
      script: i % 10 === 0 ? 'kubectl get pods -n payments' : null,
      script_result: i % 20 === 0 ? 'exit 0' : null,
      created_at: h.created_at,
      updated_at: h.updated_at,
    });
  }
  add('evidences', evidences);
  const comments: SeedRow[] = [];
  for (let i = 0; i < 90; i++) {
    const inc = at(incidents, i);
    const resp = responders.find((r) => r.incident_id === inc.id);
    comments.push({
      id: rng.uuid(),
      incident_id: inc.id,
      created_by: person(i + 1),
      comment: at(
        [
          'Looking into it.',
          'Rolled back the last deploy.',
          'Dashboards attached.',
          'Customer impact confirmed.',
          'Mitigation in place, monitoring.',
        ],
        i,
      ),
      hypothesis_id: i % 3 === 0 ? (hypotheses.find((h) => h.incident_id === inc.id)?.id ?? null) : null,
      responder_id: i % 4 === 0 ? (resp?.id ?? null) : null,
      external_id: i % 9 === 0 ? `SLACK-${i}` : null,
      external_created_by: i % 9 === 0 ? 'slack:U0123' : null,
      created_at: ago(rng.int(1, 20) * DAY),
      updated_at: ago(DAY),
    });
  }
  add('comments', comments);

  // ---- playbooks (before notifications, which may run one) ---------------------------------------------------------
  const playbooks = add('playbooks', generatePlaybookRows(rng, ago, adminId));
  const livePlaybooks = playbooks.filter((p) => !p.deleted_at);

  // ---- notification rules, silences and send history -----------------------------------------------------------------
  const notifications: SeedRow[] = [];
  const events = [
    ['check.failed', 'check.passed'],
    ['config.unhealthy', 'config.warning'],
    ['component.unhealthy', 'component.warning'],
    ['incident.created', 'incident.status.open'],
  ];
  for (let i = 0; i < 12; i++) {
    notifications.push({
      id: rng.uuid(),
      name: `notify-${at(['oncall', 'payments', 'platform', 'security'], i)}-${i}`,
      namespace: i % 3 === 0 ? 'monitoring' : 'default',
      events: at(events, i),
      title: `{{.check.name}} is {{.status}}`,
      template:
        '### {{.resource.name}} is {{.resource.health}}\n\n{{.resource.description}}\n\n[Open in Mission Control]({{.permalink}})',
      filter: i % 3 === 1 ? "check.labels.env == 'production'" : null,
      person_id: i % 4 === 0 ? person(i) : null,
      team_id: i % 4 === 1 ? at(teamIds, i) : null,
      custom_services:
        i % 4 === 2
          ? [
              { name: 'slack', connection: 'connection://default/alerts' },
              { name: 'email', url: 'smtp://ops@example.com' },
              { name: 'webhook', url: 'https://example.com/hook' },
            ]
          : null,
      playbook_id: i % 4 === 3 ? at(livePlaybooks, i).id : null,
      repeat_interval: i % 2 ? '4h' : null,
      wait_for: i % 3 === 0 ? 300_000_000_000 : null,
      group_by: i % 5 === 2 ? ['type', 'tag:namespace'] : null,
      error: i === 5 ? 'slack: channel_not_found' : null,
      source: i % 5 === 0 ? 'KubernetesCRD' : 'UI',
      created_by: adminId,
      created_at: ago((45 - i) * DAY),
      updated_at: ago(i * DAY),
      deleted_at: i === 11 ? ago(2 * DAY) : null,
    });
  }
  add('notifications', notifications);

  const stagingCheck =
    liveChecks.find((c) => (c.labels as Record<string, string> | undefined)?.env === 'staging') ??
    at(liveChecks, 4);
  const silences: SeedRow[] = [
    {
      name: 'maintenance-db',
      description: 'DB maintenance, indefinite',
      until: null,
      check_id: at(liveChecks, 1).id,
    },
    {
      name: 'legacy-noise',
      description: 'Indefinite silence',
      until: null,
      config_id: at(liveItems, 5).id,
      recursive: true,
    },
    { name: 'component-known-issue', until: null, component_id: at(liveComponents, 3).id },
    { name: 'deploy-window', from: ago(HOUR), until: ahead(3 * HOUR), canary_id: at(ctx.canaries, 0).id },
    { name: 'weekend', from: ago(6 * DAY), until: ahead(2 * DAY), filter: "check.labels.env == 'staging'" },
    {
      name: 'dev-namespace',
      from: ago(2 * HOUR),
      until: ahead(6 * HOUR),
      selectors: [{ types: ['Kubernetes::Pod'], tagSelector: 'namespace=dev' }],
      recursive: true,
    },
    { name: 'expired-window', from: ago(3 * DAY), until: ago(2 * DAY), check_id: at(liveChecks, 2).id },
    {
      name: 'future-window',
      from: ahead(DAY),
      until: ahead(2 * DAY),
      component_id: at(liveComponents, 4).id,
    },
    {
      name: 'crd-silence',
      until: ahead(7 * DAY),
      filter: "config.type == 'Kubernetes::Pod'",
      selectors: [{ name: 'checkout*' }],
      source: 'KubernetesCRD',
    },
    { name: 'removed-silence', until: ahead(DAY), check_id: at(liveChecks, 3).id, deleted_at: ago(HOUR) },
  ].map((s, i) => ({
    id: rng.uuid(),
    namespace: 'default',
    source: 'UI',
    created_by: person(i),
    created_at: ago((10 - i) * DAY),
    updated_at: ago(i * HOUR),
    recursive: false,
    ...s,
  }));
  add('notification_silences', silences);

  // Each rule sends about the kind of resource its events name (incident rules about the configs of the incident).
  const kindOf = (n: SeedRow) => String((n.events as string[])[0]).split('.')[0] ?? 'config';
  const sendStatuses = [
    'sent',
    'sent',
    'sent',
    'sent',
    'sent',
    'error',
    'silenced',
    'repeat-interval',
    'inhibited',
    'pending',
    'skipped',
    'pending_playbook_run',
    'pending_playbook_completion',
    'evaluating-waitfor',
    'attempting_fallback',
  ];
  const reasons: Record<string, string[]> = {
    config: [
      'Back-off restarting failed container (CrashLoopBackOff)',
      'Readiness probe failed: HTTP probe failed with statuscode: 503',
      'OOMKilled: container exceeded its memory limit of 512Mi',
      'instance status check failed',
    ],
    component: [
      '2 of 4 instances unhealthy',
      'error budget burn rate 14.4x over 1h',
      'p95 latency above 800ms',
    ],
    check: [
      'connection refused',
      'timeout after 30s',
      'unexpected status code 503',
      'TLS handshake failed: certificate has expired',
    ],
    canary: ['3 of 12 checks failing', 'canary run timed out'],
  };
  const sends: SeedRow[] = [];
  const liveNotifications = notifications.filter((n) => !n.deleted_at);
  for (let i = 0; i < 2500; i++) {
    const n = i % 23 === 22 ? at(notifications, 11) : at(liveNotifications, i);
    let kind = kindOf(n);
    if (kind === 'incident') kind = 'config';
    if (kind === 'check' && i % 9 === 0) kind = 'canary';
    const resource =
      kind === 'config'
        ? at(liveItems, i * 3)
        : kind === 'component'
          ? at(liveComponents, i)
          : kind === 'check'
            ? at(liveChecks, i)
            : at(ctx.canaries, i);
    const status = at(sendStatuses, i * 7 + (i >> 5));
    // A third of the history is in the last day and most of it in the last week, as a busy installation has it.
    const minutesAgo =
      i % 3 === 0 ? rng.int(1, 24 * 60) : i % 3 === 1 ? rng.int(60, 7 * 24 * 60) : rng.int(60, 30 * 24 * 60);
    const created = ago(minutesAgo * MIN);
    const ruleEvent = at(
      (n.events as string[]).filter((e) => !e.endsWith('.passed')),
      i,
    );
    const event = ruleEvent.startsWith(`${kind}.`)
      ? ruleEvent
      : `${kind}.${kind === 'check' || kind === 'canary' ? 'failed' : 'unhealthy'}`;
    const why = at(reasons[kind] ?? [], i);
    sends.push({
      id: rng.uuid(),
      notification_id: n.id,
      status,
      source_event: event,
      resource_id: resource.id,
      body: `### ${String(resource.name)} is ${event.split('.')[1]}\n\n> ${why}\n\n**Type:** ${String(resource.type ?? kind)}  \n**Rule:** ${String(n.name)}\n\n[Open in Mission Control](https://mission-control.example.com/${kind === 'config' ? 'catalog' : kind === 'component' ? 'topology' : 'health?checkId='}${String(resource.id)})`,
      error:
        status === 'error'
          ? at(
              [
                'slack: rate_limited (retry after 30s)',
                'dial tcp 10.12.0.4:587: connect: connection refused',
                'webhook https://hooks.example.com/alerts: 500 Internal Server Error',
                'slack: channel_not_found',
              ],
              i,
            )
          : status === 'attempting_fallback'
            ? 'slack: channel_not_found'
            : null,
      duration_millis: status === 'error' ? rng.int(1000, 30_000) : rng.int(20, 1500),
      retries: status === 'error' ? rng.int(1, 3) : 0,
      count: i % 20 === 0 ? rng.int(2, 9) : 1,
      person_id: n.person_id ?? null,
      team_id: n.team_id ?? null,
      connection_id: n.custom_services ? at(ctx.connections, 0).id : null,
      first_observed: ago((minutesAgo + (i % 20 === 0 ? 90 : 0)) * MIN),
      created_at: created,
      not_before: status === 'pending' ? ahead(10 * MIN) : null,
      payload: { resource_health: kind === 'check' ? 'unhealthy' : 'unhealthy', event },
    });
  }
  for (let i = 1; i < 40; i += 4) {
    const child = at(sends, i);
    child.parent_id = at(sends, i - 1).id;
    child.group_id = at(sends, i - 1).id;
  }
  // Silenced sends name the silence that held them, and are about what that silence covers.
  const idSilences = silences.filter(
    (s) => !s.deleted_at && (s.check_id || s.config_id || s.component_id) && !s.filter,
  );
  let silenced = 0;
  for (const send of sends) {
    if (send.status !== 'silenced') continue;
    const silence = at(idSilences, silenced++);
    const kind = silence.check_id ? 'check' : silence.config_id ? 'config' : 'component';
    const rule = liveNotifications.find((n) => kindOf(n) === kind) ?? at(liveNotifications, 0);
    Object.assign(send, {
      silenced_by: silence.id,
      resource_id: silence.check_id ?? silence.config_id ?? silence.component_id,
      notification_id: rule.id,
      source_event: `${kind}.${kind === 'check' ? 'failed' : 'unhealthy'}`,
    });
  }
  // The staging check of the 'weekend' filter silence: a few of its sends were held by it.
  for (const send of sends.filter((x) => x.status === 'silenced').slice(0, 4)) {
    Object.assign(send, {
      silenced_by: at(silences, 4).id,
      resource_id: stagingCheck.id,
      source_event: 'check.failed',
      notification_id: at(liveNotifications, 0).id,
    });
  }
  add('notification_send_history', sends);

  // ---- playbook runs, actions, approvals, artifacts ------------------------------------------------------------------
  const runSeed = generatePlaybookRuns(
    {
      rng,
      ago,
      adminId,
      person,
      teamIds,
      liveItems,
      liveComponents,
      liveChecks,
      agentIds: ctx.agentIds,
      sends: sends.filter((x) => String(x.source_event).startsWith('config.')),
    },
    playbooks,
  );
  add('playbook_runs', runSeed.runs);
  add('playbook_run_actions', runSeed.actions);
  add('artifacts', runSeed.artifacts);
  add('playbook_approvals', runSeed.approvals);

  // ---- permissions, settings, jobs, events ----------------------------------------------------------------------------
  add('permission_groups', [
    {
      id: rng.uuid(),
      name: 'sre-bots',
      namespace: 'default',
      selectors: { notifications: [{ name: 'notify-oncall-0' }] },
      created_by: adminId,
    },
    {
      id: rng.uuid(),
      name: 'runbook-playbooks',
      namespace: 'default',
      selectors: { playbooks: [{ name: '*' }] },
      source: 'KubernetesCRD',
      created_by: adminId,
    },
  ]);
  const editorId = ctx.demoPeople.find((p) => p.role === 'editor')?.id ?? adminId;
  const perms: SeedRow[] = [
    {
      name: 'editors-run-playbooks',
      subject: 'editor',
      subject_type: 'role',
      action: 'playbook:run',
      object: 'playbooks',
      object_selector: { playbooks: [{ name: '*' }] },
    },
    {
      name: 'commander-approve',
      subject: at(ctx.humans, 5),
      subject_type: 'person',
      person_id: at(ctx.humans, 5),
      action: 'playbook:approve',
      object: 'playbooks',
    },
    {
      name: 'responder-read-notifications',
      subject: at(ctx.humans, 8),
      subject_type: 'person',
      person_id: at(ctx.humans, 8),
      action: 'read',
      object: 'notification',
    },
    {
      name: 'sre-team-crud',
      subject: at(teamIds, 2),
      subject_type: 'team',
      team_id: at(teamIds, 2),
      action: 'create,read,update,delete',
      object: 'connection',
    },
    {
      name: 'deny-kratos',
      subject: 'everyone',
      subject_type: 'group',
      action: '*',
      object: 'database.kratos',
      deny: true,
    },
    {
      name: 'deny-guest-catalog-secret',
      subject: 'guest',
      subject_type: 'role',
      action: 'read',
      object: 'catalog',
      deny: true,
      config_id: at(liveItems, 9).id,
    },
    {
      name: 'deny-guest-connection',
      subject: 'guest',
      subject_type: 'role',
      action: 'read',
      object: 'connection-detail',
      deny: true,
    },
    {
      name: 'component-scope',
      subject: editorId,
      subject_type: 'person',
      person_id: editorId,
      action: 'read',
      object: 'topology',
      component_id: at(liveComponents, 1).id,
    },
    {
      name: 'canary-scope',
      subject: editorId,
      subject_type: 'person',
      person_id: editorId,
      action: 'update',
      object: 'canaries',
      canary_id: at(ctx.canaries, 0).id,
    },
    {
      name: 'playbook-scope',
      subject: 'sre-bots',
      subject_type: 'group',
      action: 'playbook:run',
      object: 'playbooks',
      playbook_id: at(livePlaybooks, 0).id,
    },
    {
      name: 'connection-scope',
      subject: String(at(livePlaybooks, 0).id),
      subject_type: 'playbook',
      action: 'read',
      object: 'connection',
      connection_id: at(ctx.connections, 0).id,
    },
    {
      name: 'notification-subject',
      subject: String(at(notifications, 0).id),
      subject_type: 'notification',
      notification_id: at(notifications, 0).id,
      action: 'read',
      object: 'catalog',
    },
    {
      name: 'everything-admin-like',
      subject: at(ctx.humans, 0),
      subject_type: 'person',
      person_id: at(ctx.humans, 0),
      action: '*',
      object: '*',
    },
    {
      name: 'temporary-access',
      subject: at(ctx.humans, 5),
      subject_type: 'person',
      person_id: at(ctx.humans, 5),
      action: 'read',
      object: 'incident',
      until: ahead(3 * DAY),
    },
    {
      name: 'expired-access',
      subject: at(ctx.humans, 6),
      subject_type: 'person',
      person_id: at(ctx.humans, 6),
      action: 'read',
      object: 'incident',
      until: ago(DAY),
    },
    {
      name: 'tag-scoped',
      subject: 'guest',
      subject_type: 'role',
      action: 'read',
      object: 'catalog',
      tags: { cluster: 'prod' },
      agents: [ctx.agentIds[0] ?? ''],
    },
    {
      name: 'broken-selector',
      subject: 'viewer',
      subject_type: 'role',
      action: 'read',
      object: 'catalog',
      object_selector: { configs: [{ search: '(' }] },
      error: 'invalid selector: unexpected (',
    },
    {
      name: 'removed-grant',
      subject: 'viewer',
      subject_type: 'role',
      action: 'update',
      object: 'catalog',
      deleted_at: ago(DAY),
    },
    {
      name: 'crd-grant',
      subject: at(teamIds, 0),
      subject_type: 'team',
      team_id: at(teamIds, 0),
      action: 'read',
      object: 'database.monitor',
      source: 'KubernetesCRD',
    },
    {
      name: 'scraper-grant',
      subject: String(at(ctx.scrapers, 0).id),
      subject_type: 'scraper',
      action: 'read',
      object: 'catalog',
    },
  ].map((p, i) => ({
    id: rng.uuid(),
    namespace: 'default',
    description: `Demo permission ${i + 1}`,
    created_by: adminId,
    created_at: ago((20 - i) * DAY),
    updated_at: ago(i * HOUR),
    ...p,
  }));
  add('permissions', perms);

  const loggingBackends = add(
    'logging_backends',
    ['loki', 'opensearch', 'cloudwatch', 'old-elastic'].map((name, i) => ({
      id: rng.uuid(),
      name,
      labels: { env: i === 2 ? 'production' : 'shared', team: at(['Platform', 'SRE'], i) },
      spec: {
        [name]: {
          url:
            name === 'cloudwatch'
              ? 'https://logs.eu-west-1.amazonaws.com'
              : `https://${name}.logging.svc:${name === 'loki' ? 3100 : 9200}`,
          ...(name === 'loki' ? { username: 'secret://loki-credentials/username' } : {}),
        },
        description: `${name} logs`,
      },
      source: i === 1 ? 'KubernetesCRD' : 'UI',
      agent_id:
        i === 2
          ? (ctx.agentIds[0] ?? '00000000-0000-0000-0000-000000000000')
          : '00000000-0000-0000-0000-000000000000',
      created_by: adminId,
      created_at: ago((30 - i) * DAY),
      updated_at: ago(i * DAY),
      deleted_at: i === 3 ? ago(5 * DAY) : null,
    })),
  );
  // Feature flags (`<feature>.disable`, spec 001 §6) and a few operational properties; GET /properties adds the
  // server's own local ones (endpoints/properties.ts).
  add(
    'properties',
    [
      { name: 'incidents.disable', value: 'false' },
      { name: 'settings.feature_flags.disable', value: 'false' },
      { name: 'logs.disable', value: 'false', created_by: adminId },
      { name: 'agents.disable', value: 'false' },
      { name: 'settings.event_queue_status.disable', value: 'false' },
      { name: 'logs.retention', value: '7d' },
      { name: 'playbook.run.timeout', value: '30m' },
      { name: 'check.status.retention.days', value: '60' },
      { name: 'ui.banner', value: 'Demo data — regenerated on reset', created_by: adminId },
      { name: 'notification.send.trace', value: 'false' },
      { name: 'scraper.concurrency', value: '4' },
    ].map((p) => ({ created_at: ago(10 * DAY), updated_at: ago(DAY), ...p })),
  );

  const jobDefs: [string, string, string[]][] = [
    ['canary', 'SyncCanaries', ctx.canaries.map((c) => String(c.id))],
    ['topology', 'TopologyRun', ctx.topologies.map((t) => String(t.id))],
    ['config_scraper', 'ConfigScraper', ctx.scrapers.map((s) => String(s.id))],
    ['team', 'TeamComponentSync', teamIds],
    ['components', 'ComponentStatusSummary', liveComponents.slice(0, 10).map((c) => String(c.id))],
    ['playbook', 'PlaybookRunner', livePlaybooks.slice(0, 6).map((p) => String(p.id))],
    ['config', 'ConfigItemHealth', liveItems.slice(0, 12).map((c) => String(c.id))],
    ['notification', 'NotificationSend', notifications.filter((n) => !n.deleted_at).map((n) => String(n.id))],
    ['incident_rule', 'IncidentRules', rules.map((r) => String(r.id))],
    ['logging_backend', 'LogBackendSync', loggingBackends.map((l) => String(l.id))],
  ];
  const jobStatuses = [
    ['SUCCESS', 68],
    ['WARNING', 8],
    ['FAILED', 10],
    ['RUNNING', 3],
    ['STALE', 4],
    ['SKIPPED', 5],
    ['STOPPED', 2],
  ] as const;
  const jobErrors: Record<string, string[]> = {
    canary: [
      'http check api-health: Get "https://api.acme.example.com/health": context deadline exceeded',
      'postgres check ledger-db: dial tcp 10.12.4.7:5432: connect: connection refused',
    ],
    topology: [
      'component payments-api: lookup failed: configs selector matched 0 items',
      'failed to evaluate health expression: no such key: replicas',
    ],
    config_scraper: [
      'failed to list *v1.Pod: pods is forbidden: User "system:serviceaccount:mission-control:config-db" cannot list resource "pods" in API group "" at the cluster scope',
      'AccessDenied: User arn:aws:iam::123456789012:user/ci is not authorized to perform: ec2:DescribeInstances',
    ],
    team: ['selector team=platform matched no components'],
    notification: ['slack: channel_not_found', 'smtp: 535 5.7.8 Authentication credentials invalid'],
    playbook: ['action "restart" failed: exit status 1'],
  };
  const jobs: SeedRow[] = [];
  for (let i = 0; i < 3000; i++) {
    const [resourceType, name, ids] = at(jobDefs, i);
    // The first rows give every resource type every status once; the rest are weighted like a real installation.
    const status =
      i < jobDefs.length * jobStatuses.length
        ? at(jobStatuses, Math.floor(i / jobDefs.length))[0]
        : rng.weighted(jobStatuses);
    const start = rng.int(1, 7 * 24 * 60 * 60) * 1000;
    const duration =
      status === 'RUNNING' ? rng.int(50, 5000) : status === 'SKIPPED' ? rng.int(1, 20) : rng.int(50, 600_000);
    const errors = at(jobErrors[resourceType] ?? ['context deadline exceeded'], i);
    const details: Record<string, unknown> = {};
    if (status === 'FAILED' || status === 'WARNING')
      details.errors = status === 'FAILED' ? [errors, 'giving up after 3 attempts'] : [errors];
    if (status === 'STOPPED') details.errors = ['job stopped: the server is shutting down'];
    if (status === 'SKIPPED') details.summary = { reason: 'previous run still in progress' };
    if (status === 'STALE') details.summary = { reason: 'no heartbeat for 15m; marked stale' };
    if (resourceType === 'config_scraper' && status !== 'SKIPPED') {
      details.scrape_summary = {
        'Kubernetes::Pod': {
          added: rng.int(0, 9),
          updated: rng.int(0, 90),
          unchanged: rng.int(0, 900),
          deleted: rng.int(0, 4),
        },
        'Kubernetes::Deployment': {
          added: rng.int(0, 2),
          updated: rng.int(0, 12),
          unchanged: rng.int(0, 120),
        },
        'AWS::EC2::Instance': {
          updated: rng.int(0, 6),
          unchanged: rng.int(0, 60),
          change: { diff: rng.int(0, 5) },
        },
      };
    }
    if (status === 'SUCCESS' && resourceType !== 'config_scraper')
      details.summary = { processed: rng.int(1, 500), duration: `${Math.round(duration / 1000)}s` };
    jobs.push({
      id: rng.uuid(),
      name,
      resource_type: resourceType,
      resource_id: at(ids, Math.floor(i / jobDefs.length)),
      status,
      hostname: i % 4 === 0 ? 'mission-control-1' : 'mission-control-0',
      agent_id:
        resourceType === 'config_scraper' && i % 11 === 0
          ? ctx.agentIds[0]
          : '00000000-0000-0000-0000-000000000000',
      success_count: status === 'FAILED' ? 0 : rng.int(1, 500),
      error_count: status === 'FAILED' ? rng.int(1, 5) : status === 'WARNING' ? 1 : 0,
      duration_millis: duration,
      details,
      time_start: ago(start),
      time_end: status === 'RUNNING' ? null : ago(start - duration),
      created_at: ago(start),
    });
  }
  add('job_history', jobs);

  const eventNames = [
    'notification.send',
    'config.created',
    'config.updated',
    'check.failed',
    'playbook.run',
    'incident.created',
  ];
  add(
    'event_queue',
    Array.from({ length: 60 }, (_, i) => {
      const attempts = i % 6;
      return {
        id: rng.uuid(),
        name: at(eventNames, i),
        properties: { id: String(at(notifications, i).id), resource: `res-${i}` },
        attempts,
        error: attempts > 0 ? at(['timeout', 'connection refused', 'template: missing key'], i) : null,
        last_attempt: attempts > 0 ? ago(at([5 * MIN, 2 * HOUR, 3 * DAY], i)) : null,
        created_at: ago((i + 1) * HOUR),
        priority: at([100, 50, 10], i),
      };
    }),
  );
  add('integrations', [
    { id: rng.uuid(), name: 'slack', icon: 'slack', spec: {}, source: 'UI', created_by: adminId },
  ]);
  add('saved_query', [
    {
      id: rng.uuid(),
      query: 'type=Kubernetes::Pod health=unhealthy',
      description: 'Unhealthy pods',
      created_by: adminId,
    },
  ]);
  return {};
}
