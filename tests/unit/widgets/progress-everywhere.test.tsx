import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HealthCards } from '@/components/health/health-cards';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import type { HealthGroup } from '@/lib/health/grouping';
import { check } from '../health/fixtures';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/preferences';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
import { ConfigSidePanel } from '@/components/catalog/config-side-panel';
import { PropertyValue } from '@/components/topology/property-value';
import type { ConfigDetail } from '@/lib/catalog/configs-endpoints';
import { failedShare, propertyProgress } from '@/lib/format/progress';
import { gridPageSize, nextVirtualLimit } from '@/lib/preferences/page-size';
import { formatProperty } from '@/lib/topology/properties';

/** Spec 001 §9: the progress bar draws every percentage a screen shows; grids page by 50, 100, 200. */

describe('which values draw a progress bar', () => {
  it('a numeric value with a percentage unit is out of 100', () => {
    expect(propertyProgress({ value: 42, unit: 'percent' })).toEqual({ value: 42, max: 100 });
    expect(propertyProgress({ value: '93.5', unit: '%' })).toEqual({ value: 93.5, max: 100 });
  });

  it('a value with a max is out of max, from min when set', () => {
    expect(propertyProgress({ value: 45, max: 110 })).toEqual({ value: 45, max: 110 });
    expect(propertyProgress({ value: 15, min: 10, max: 20 })).toEqual({ value: 5, max: 10 });
  });

  it('text, a plain number, or a max not above min draws none', () => {
    expect(propertyProgress({ value: 'Runbook', unit: 'percent' })).toBeUndefined();
    expect(propertyProgress({ value: 250, unit: 'millicores' })).toBeUndefined();
    expect(propertyProgress({ value: 5, max: 0 })).toBeUndefined();
    expect(propertyProgress({})).toBeUndefined();
  });

  it('a job’s progress is its failed share; a job that counted nothing has none', () => {
    expect(failedShare(1, 3)).toEqual({ value: 3, max: 4 });
    expect(failedShare(0, 0)).toBeUndefined();
    expect(failedShare(null, undefined)).toBeUndefined();
  });
});

describe('the bar where the screens show the value', () => {
  it('a component property: its text, then the bar coloured by the rule', () => {
    const disk = formatProperty({ name: 'disk', value: 93, unit: 'percent' });
    expect(disk?.progress).toEqual({ value: 93, max: 100 });
    render(<PropertyValue property={disk!} />);
    expect(screen.getByText('93%')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'disk' });
    expect(bar).toHaveAttribute('aria-valuetext', '93.0%');
    expect(bar).toHaveAttribute('data-color', 'red');
  });

  it('a component property without a percentage or max stays text', () => {
    render(<PropertyValue property={formatProperty({ name: 'cpu', value: 250, unit: 'millicores' })!} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a config property with a max in the item’s side panel', () => {
    const item = {
      id: 'c1',
      name: 'node-1',
      properties: [
        { name: 'Pods', value: 95, max: 110 },
        { name: 'CPU', value: 76, unit: 'percent' },
        { name: 'Zone', text: 'eu-west-1a' },
      ],
    } as unknown as ConfigDetail;
    render(<ConfigSidePanel item={item} canReadScrapers={false} incidents={null} />);
    expect(screen.getByRole('progressbar', { name: 'Pods' })).toHaveAttribute('data-color', 'orange');
    expect(screen.getByRole('progressbar', { name: 'CPU' })).toHaveAttribute('data-color', 'orange');
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
  });
});

describe('grid pages (50, 100, 200) and virtual pagination', () => {
  it('a grid takes the shared page size when it is a grid size, else the nearest below, else 50', () => {
    expect(gridPageSize(100)).toBe(100);
    expect(gridPageSize(150)).toBe(100);
    expect(gridPageSize(1000)).toBe(200);
    expect(gridPageSize(25)).toBe(50);
    expect(gridPageSize(null)).toBe(50);
  });

  it('near the end the count shown doubles, never past the total', () => {
    expect(nextVirtualLimit(50, 500)).toBe(100);
    expect(nextVirtualLimit(200, 300)).toBe(300);
  });
});

describe('the health card grid', () => {
  const checks = Array.from({ length: 120 }, (_, i) =>
    check({ id: `c${i}`, name: `check-${String(i).padStart(3, '0')}` }),
  );
  const groups = [
    { key: 'all', checks, state: 'healthy', fullyUp: 0, total: 120, passed: 0, failed: 0 },
  ] as unknown as HealthGroup[];

  it('shows a grid page of 50, offers 50/100/200, and doubles on Show more', async () => {
    window.localStorage.clear();
    render(
      <PreferencesProvider initial={DEFAULT_PREFERENCES}>
        <HealthCards groups={groups} grouped={false} checkHref={() => '#'} onOpenCheck={() => {}} />
      </PreferencesProvider>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    const size = screen.getByRole('combobox', { name: 'Cards per page' });
    expect([...(size as HTMLSelectElement).options].map((o) => o.value)).toEqual(['50', '100', '200']);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (70 more)' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(100);
    await userEvent.selectOptions(size, '200');
    expect(screen.getAllByRole('listitem')).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });
});
