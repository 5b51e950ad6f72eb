import { agentHelmCommand, agentStatus } from '@/lib/access/agent-status';

describe('agent status rule', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it("is 'Online' when last seen within 61 s, else 'Offline' with the time", () => {
    expect(agentStatus('2026-11-26T11:59:59Z', now)).toEqual({ online: true });
    expect(agentStatus('2026-11-26T11:58:59Z', now)).toEqual({ online: true }); // exactly 61 s
    expect(agentStatus('2026-11-26T11:58:58Z', now)).toEqual({
      online: false,
      lastSeen: new Date('2026-11-26T11:58:58Z'),
    });
    expect(agentStatus(null, now)).toEqual({ online: false, lastSeen: null });
    expect(agentStatus('not a date', now)).toEqual({ online: false, lastSeen: null });
  });
});

describe('agent install command', () => {
  const base = {
    baseUrl: 'https://console.example.com',
    agentName: 'edge-1',
    personId: 'p-1',
    username: 'agent-0123',
    accessToken: 'tok"en$1',
  };
  it('carries the returned username and token (quoted for the shell) and the agent name', () => {
    const command = agentHelmCommand({ ...base, kubernetes: null, pushTelemetry: null });
    expect(command).toContain('helm install mc-agent flanksource/mission-control-agent');
    expect(command).toContain('--set upstream.host="https://console.example.com"');
    expect(command).toContain('--set upstream.username="agent-0123"');
    expect(command).toContain('--set upstream.password="tok\\"en\\$1"');
    expect(command).toContain('--set upstream.agentName="edge-1"');
    expect(command).toContain('p-1');
    expect(command).not.toContain('mission-control-kubernetes');
    expect(command).not.toContain('pushTelemetry');
  });
  it('adds push telemetry and the Kubernetes scraper with its schedule when enabled', () => {
    const command = agentHelmCommand({
      ...base,
      kubernetes: { enabled: true, schedule: '30m' },
      pushTelemetry: { enabled: true, topologyName: '' },
    });
    expect(command).toContain('--set pushTelemetry.enabled=true');
    expect(command).toContain('--set pushTelemetry.topologyName="edge-1"');
    expect(command).toContain('flanksource/mission-control-kubernetes');
    expect(command).toContain('--set scraper.schedule="30m"');
    // Every continued line ends with a backslash, the last line of each command does not.
    const lines = command.split('\n').filter((l) => !l.startsWith('#'));
    const agentCommandEnd = lines.findIndex((l) => l.includes('pushTelemetry.topologyName'));
    expect(lines[agentCommandEnd]?.endsWith('\\')).toBe(false);
    expect(lines[agentCommandEnd - 1]?.endsWith('\\')).toBe(true);
  });
});
