import { render, screen, within } from '@testing-library/react';
import { TopologyCard } from '@/components/topology/topology-card';
import { component } from './fixtures';

describe('TopologyCard', () => {
  const c = component('c1', {
    name: 'shop-api',
    status: 'unhealthy',
    status_reason: 'shop-api reports unhealthy',
    type: 'Service',
    properties: [
      { name: 'cpu', value: 537, unit: 'millicores' },
      { name: 'memory', value: 752877568, unit: 'bytes' },
      { name: 'docs', text: 'Runbook', links: [{ url: 'https://example.com/runbook' }] },
    ],
    summary: { healthy: 2, unhealthy: 1, insights: { security: { critical: 1 } } },
  });

  it('shows name, status with reason, properties with units and links, and the summary links', () => {
    render(
      <TopologyCard
        component={c}
        agent={{ id: 'a 1', name: 'prod-eu-west' }}
        menu={<button type="button">menu</button>}
      />,
    );
    const card = screen.getByRole('article', { name: 'shop-api' });
    expect(within(card).getByRole('link', { name: 'shop-api' })).toHaveAttribute('href', '/topology/c1');
    expect(within(card).getByTestId('component-status')).toHaveTextContent('unhealthy');
    expect(card).toHaveTextContent('shop-api reports unhealthy');
    expect(card).toHaveTextContent('537m');
    expect(card).toHaveTextContent('718 MiB');
    expect(within(card).getByRole('link', { name: 'Runbook' })).toHaveAttribute(
      'href',
      'https://example.com/runbook',
    );
    expect(within(card).getByTestId('agent-name')).toHaveTextContent('Agent: prod-eu-west');
    // Spec 001 §2.1: the agent name links to the agent in settings.
    expect(within(card).getByRole('link', { name: 'prod-eu-west' })).toHaveAttribute(
      'href',
      '/settings/agents?id=a%201',
    );
    const summary = within(card).getByRole('list', { name: 'Health summary of shop-api' });
    expect(within(summary).getByRole('link', { name: '1 unhealthy' })).toHaveAttribute(
      'href',
      '/topology/c1?status=unhealthy',
    );
    expect(within(summary).getByRole('link', { name: '1 insight (security)' })).toHaveAttribute(
      'href',
      '/catalog/insights?component=c1&type=security',
    );
    expect(within(card).getByRole('button', { name: 'menu' })).toBeInTheDocument();
  });

  it('opens links in a new tab on the wall display and shows no agent for the local one', () => {
    render(<TopologyCard component={c} variant="view" headingLevel="h1" />);
    expect(screen.getByRole('heading', { level: 1, name: 'shop-api' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'shop-api' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByTestId('agent-name')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the incident counts as text, not links, to a person the backend refuses incidents (issue 37)', () => {
    const withIncidents = component('c2', {
      name: 'db',
      summary: { unhealthy: 1, incidents: { availability: { high: 2 } } },
    });
    const { unmount } = render(<TopologyCard component={withIncidents} />);
    expect(screen.getByRole('link', { name: '2 incidents (availability)' })).toHaveAttribute(
      'href',
      expect.stringContaining('/incidents?'),
    );
    unmount();
    render(<TopologyCard component={withIncidents} incidentLinks={false} />);
    const summary = screen.getByRole('list', { name: 'Health summary of db' });
    expect(within(summary).getByText('2 incidents (availability)')).toBeInTheDocument();
    expect(within(summary).queryByRole('link', { name: /incidents/ })).toBeNull();
    // The other counts stay links.
    expect(within(summary).getByRole('link', { name: '1 unhealthy' })).toBeInTheDocument();
  });
});
