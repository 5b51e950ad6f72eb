import type { SeedRow } from './bulk-insert';

/**
 * The canary spec entry of a demo check, shaped as canary-checker's check types are (and as
 * schemas/canary.spec.schema.json describes them), so each canary's spec lists exactly its checks and the demo
 * ticker's reconciliation (ticker/canary-sync.ts) finds nothing to change in seeded canaries.
 */
export function checkSpecEntry(
  type: string,
  name: string,
  endpoint: string,
  k: number,
): Record<string, unknown> {
  const host = endpoint.split(':')[0] ?? endpoint;
  const port = Number(endpoint.split(':')[1] ?? 0) || 8080;
  switch (type) {
    case 'http':
      return {
        name,
        url: `https://${host}.example.com/health`,
        method: 'GET',
        responseCodes: [200],
        thresholdMillis: 3000,
        maxSSLExpiry: 7,
      };
    case 'dns':
      return {
        name,
        server: '10.43.0.10',
        port: 53,
        query: `${host}.example.com`,
        querytype: 'A',
        minrecords: 1,
        timeout: 5,
      };
    case 'tcp':
      return { name, endpoint: `${host}:${port}`, thresholdMillis: 500 };
    case 'icmp':
      return { name, endpoint: host, thresholdMillis: 100, packetLossThreshold: 10 };
    case 'postgres':
      return { name, connection: 'connection://payments/postgres-prod', query: 'SELECT 1', results: 1 };
    case 'mysql':
      return { name, connection: 'connection://payments/mysql-main', query: 'SELECT 1', results: 1 };
    case 'redis':
      return { name, addr: `${host}:6379`, db: k % 4 };
    case 'mongodb':
      return { name, connection: 'connection://data/mongo-main' };
    case 'elasticsearch':
      return {
        name,
        url: 'https://logs-es.platform.svc:9200',
        index: 'logs-*',
        query: '{"query":{"range":{"@timestamp":{"gte":"now-5m"}}}}',
        results: 1,
      };
    case 'kubernetes':
      return {
        name,
        kind: 'Pod',
        namespaceSelector: { name: 'payments' },
        resource: { labelSelector: `app=${host}` },
        ready: true,
        healthy: true,
      };
    case 'prometheus':
      return { name, url: 'https://prometheus.monitoring.svc:9090', query: `up{job="${host}"} == 1` };
    case 'alertmanager':
      return {
        name,
        url: 'http://alertmanager.monitoring.svc:9093',
        alerts: ['.*'],
        ignore: ['Watchdog', 'InfoInhibitor'],
      };
    case 'exec':
      return { name, script: `curl -fsS https://${host}.example.com/ready` };
    case 's3':
      return { name, bucketName: 'acme-backups', objectPath: `${host}/`, region: 'eu-west-1', maxAge: '26h' };
    case 'folder':
      return { name, path: `/data/exports/${host}`, minCount: 1, maxAge: '25h' };
    case 'junit':
      return {
        name,
        testResults: '/tmp/junit-results/',
        timeout: 300,
        spec: { containers: [{ name: 'tests', image: 'acme/e2e:latest' }] },
      };
    default:
      return { name, endpoint };
  }
}

/** Rewrites each canary's spec to list its live checks (grouped by type), keeping interval and schedule. */
export function alignCanarySpecs(canaries: SeedRow[], checks: SeedRow[]): void {
  const byCanary = new Map<unknown, SeedRow[]>();
  for (const check of checks) {
    if (check.deleted_at) continue;
    const list = byCanary.get(check.canary_id) ?? [];
    list.push(check);
    byCanary.set(check.canary_id, list);
  }
  for (const canary of canaries) {
    const old = (canary.spec ?? {}) as Record<string, unknown>;
    const spec: Record<string, unknown> = { interval: old.interval };
    if (old.schedule) spec.schedule = old.schedule;
    for (const check of byCanary.get(canary.id) ?? []) {
      const type = String(check.type);
      const list = (spec[type] as unknown[] | undefined) ?? [];
      list.push(check.spec);
      spec[type] = list;
    }
    // A canary without live checks (a deleted one) keeps its entries, written in the same shape.
    if (!byCanary.has(canary.id)) {
      for (const [type, list] of Object.entries(old)) {
        if (!Array.isArray(list)) continue;
        spec[type] = list.map((entry: Record<string, unknown>, k) =>
          checkSpecEntry(
            type,
            String(entry.name ?? `${String(canary.name)}-${type}`),
            String(entry.endpoint ?? canary.name),
            k,
          ),
        );
      }
    }
    canary.spec = spec;
  }
}

/** A topology spec as the topology form writes it: schedule, the root's type and icon, and selected components. */
export function topologySpec(name: string, i: number): Record<string, unknown> {
  return {
    schedule: '@every 5m',
    type: 'Application',
    icon: i % 2 ? 'kubernetes' : 'application',
    label: name,
    components: [
      {
        name: `${name}-services`,
        type: 'Service',
        icon: 'service',
        selectors: [{ labelSelector: `app.kubernetes.io/part-of=${name}`, types: ['Kubernetes::Service'] }],
      },
      {
        name: `${name}-workloads`,
        type: 'Deployment',
        icon: 'deployment',
        configs: [{ types: ['Kubernetes::Deployment'], tagSelector: 'namespace=payments' }],
        checks: [{ selector: { labelSelector: `team=${name}` } }],
      },
    ],
    properties: [
      { name: 'owner', text: 'Platform' },
      {
        name: 'runbook',
        text: 'Runbook',
        links: [{ type: 'documentation', url: 'https://runbooks.acme.example.com', text: 'Runbook' }],
      },
    ],
  };
}
