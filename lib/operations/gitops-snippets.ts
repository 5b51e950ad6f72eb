import { stringify } from 'yaml';
import { HELM_REPOSITORY, type GitOpsChart } from '@/lib/operations/gitops-charts';

/** The copyable install instructions of a GitOps option (upstream §4.3): Helm CLI, and Flux with 5m / 1m intervals. */

const REPOSITORY_INTERVAL = '5m';
const CHART_INTERVAL = '1m';

const isEmpty = (values: Record<string, unknown>) => Object.keys(values).length === 0;

/** A value as one shell word (single-quoted unless plainly safe). */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Helm CLI: add the repository, then install the chart with the values from standard input (no escaping pitfalls of --set). */
export function helmSnippet(chart: GitOpsChart, namespace: string, values: Record<string, unknown>): string {
  const lines = [
    `helm repo add ${HELM_REPOSITORY.name} ${HELM_REPOSITORY.url}`,
    'helm repo update',
    `helm install ${chart.chart} ${HELM_REPOSITORY.name}/${chart.chart} -n ${shellWord(namespace)} --create-namespace${isEmpty(values) ? '' : " -f - <<'EOF'"}`,
  ];
  if (!isEmpty(values)) lines.push(stringify(values, { lineWidth: 0 }).trimEnd(), 'EOF');
  return `${lines.join('\n')}\n`;
}

/** Flux: a HelmRepository (every 5m) and a HelmRelease of the chart (every 1m) with the values. */
export function fluxSnippet(chart: GitOpsChart, namespace: string, values: Record<string, unknown>): string {
  const repository = {
    apiVersion: 'source.toolkit.fluxcd.io/v1',
    kind: 'HelmRepository',
    metadata: { name: HELM_REPOSITORY.name, namespace },
    spec: { interval: REPOSITORY_INTERVAL, url: HELM_REPOSITORY.url },
  };
  const release = {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name: chart.chart, namespace },
    spec: {
      interval: CHART_INTERVAL,
      chart: {
        spec: {
          chart: chart.chart,
          interval: CHART_INTERVAL,
          sourceRef: { kind: 'HelmRepository', name: HELM_REPOSITORY.name, namespace },
        },
      },
      ...(isEmpty(values) ? {} : { values }),
    },
  };
  return `${stringify(repository, { lineWidth: 0 })}---\n${stringify(release, { lineWidth: 0 })}`;
}
