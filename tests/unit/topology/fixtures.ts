import type { TopologyComponent } from '@/lib/topology/endpoints';

/** A small tree: two roots, children of several types, one hidden pod. */
export function component(id: string, extra: Partial<TopologyComponent> = {}): TopologyComponent {
  return { id, name: id, status: 'healthy', type: 'Service', ...extra };
}

export function sampleTree(): TopologyComponent[] {
  return [
    component('shop', {
      type: 'Application',
      status: 'warning',
      owner: 'Payments',
      teams: ['Payments'],
      labels: { tier: 'frontend' },
      agent_id: 'agent-1',
      components: [
        component('shop-api', { type: 'Service', status: 'unhealthy', labels: { tier: 'backend' } }),
        component('shop-db', {
          type: 'Database',
          components: [
            component('shop-db-pod-0', { type: 'Pod' }),
            component('shop-db-pod-1', { type: 'Pod', hidden: true }),
          ],
        }),
      ],
    }),
    component('data', {
      type: 'Application',
      status: 'healthy',
      owner: 'Data',
      labels: { tier: 'data' },
      agent_id: '00000000-0000-0000-0000-000000000000',
      components: [component('data-pod', { type: 'Pod', status: 'unknown' })],
    }),
  ];
}
