import { render, screen, within } from '@testing-library/react';
import { ConfigSidePanel } from '@/components/catalog/config-side-panel';
import { BackendError } from '@/lib/backend/errors';
import type { ConfigDetail } from '@/lib/catalog/configs-endpoints';

/** The item page's side panel lists the incidents the item is evidence in (spec 000 §7 incidents_by_config). */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

const ITEM = { id: 'c1', name: 'checkout', type: 'Kubernetes::Pod' } as ConfigDetail;

const section = () => screen.getByRole('region', { name: 'Incidents' });

test('lists the incidents with links, severity and status', () => {
  render(
    <ConfigSidePanel
      item={ITEM}
      canReadScrapers={false}
      incidents={{
        ok: true,
        data: [{ id: 'i1', title: 'Checkout is down', severity: 'critical', status: 'open' }],
      }}
    />,
  );
  const link = within(section()).getByRole('link', { name: 'Checkout is down' });
  expect(link).toHaveAttribute('href', '/incidents/i1');
  expect(section()).toHaveTextContent('critical · open');
});

test('says so when there are none, and shows Unauthorized when the backend refuses', () => {
  const { rerender } = render(
    <ConfigSidePanel item={ITEM} canReadScrapers={false} incidents={{ ok: true, data: [] }} />,
  );
  expect(within(section()).getByText('No incidents found')).toBeInTheDocument();
  rerender(
    <ConfigSidePanel
      item={ITEM}
      canReadScrapers={false}
      incidents={{
        ok: false,
        error: new BackendError({ status: 403, code: 'forbidden', message: 'refused' }),
      }}
    />,
  );
  expect(within(section()).getByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
});

test('has no Incidents section when the incidents feature is off', () => {
  render(<ConfigSidePanel item={ITEM} canReadScrapers={false} incidents={null} />);
  expect(screen.queryByRole('region', { name: 'Incidents' })).toBeNull();
});
