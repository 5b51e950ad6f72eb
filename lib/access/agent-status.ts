/** An agent is Online when it was last seen within this window (the backend's agents_summary uses the same). */
export const AGENT_ONLINE_WINDOW_MS = 61_000;

export type AgentStatus = { online: true } | { online: false; lastSeen: Date | null };

/** 'Online' within 61 s of the last heartbeat; otherwise 'Offline' with the time (none when never seen). */
export function agentStatus(lastSeen: string | null | undefined, now: number = Date.now()): AgentStatus {
  const seen = lastSeen ? new Date(lastSeen) : null;
  if (seen && !Number.isNaN(seen.getTime()) && now - seen.getTime() <= AGENT_ONLINE_WINDOW_MS)
    return { online: true };
  return { online: false, lastSeen: seen && !Number.isNaN(seen.getTime()) ? seen : null };
}

export interface AgentInstallOptions {
  /** Where the agent reaches Mission Control (the console's origin). */
  baseUrl: string;
  agentName: string;
  /** From POST /agent/generate: the agent person's id, its username and its access token. */
  personId: string;
  username: string;
  accessToken: string;
  kubernetes: { enabled: boolean; schedule: string } | null;
  pushTelemetry: { enabled: boolean; topologyName: string } | null;
}

const quote = (value: string) => `"${value.replace(/(["\\$`])/g, '\\$1')}"`;

/** The Helm commands that install the agent with its credentials (and the Kubernetes scraper when enabled). */
export function agentHelmCommand(o: AgentInstallOptions): string {
  const lines = [
    `# Agent ${o.agentName} signs in as ${o.username} (person ${o.personId}); the token is shown only now.`,
    'helm repo add flanksource https://flanksource.github.io/charts',
    'helm repo update',
    'helm install mc-agent flanksource/mission-control-agent -n mission-control --create-namespace \\',
    `  --set upstream.createSecret=true \\`,
    `  --set upstream.host=${quote(o.baseUrl)} \\`,
    `  --set upstream.username=${quote(o.username)} \\`,
    `  --set upstream.password=${quote(o.accessToken)} \\`,
    `  --set upstream.agentName=${quote(o.agentName)}`,
  ];
  if (o.pushTelemetry?.enabled) {
    lines[lines.length - 1] += ' \\';
    lines.push(
      '  --set pushTelemetry.enabled=true \\',
      `  --set pushTelemetry.topologyName=${quote(o.pushTelemetry.topologyName || o.agentName)}`,
    );
  }
  if (o.kubernetes?.enabled) {
    lines.push(
      'helm install mc-agent-kubernetes flanksource/mission-control-kubernetes -n mission-control \\',
      `  --set clusterName=${quote(o.agentName)} \\`,
      `  --set scraper.schedule=${quote(o.kubernetes.schedule)}`,
    );
  }
  return lines.join('\n');
}
