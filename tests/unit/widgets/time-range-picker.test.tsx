import * as React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimeRangePicker } from '@/components/widgets/time-range-picker';
import { UrlTimeRangePicker } from '@/components/widgets/url-time-range-picker';
import { defineSearchParams, param } from '@/lib/search-params/define';
import { pageParams } from '@/lib/search-params/table';
import { timeRangeParams } from '@/lib/search-params/time-range';
import { useUrlState } from '@/lib/search-params/use-url-state';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
import { SimpleTimeRangeSelect } from '@/components/widgets/simple-time-range-select';
import type { TimeRange } from '@/lib/time-range/types';

beforeEach(() => localStorage.clear());

function Controlled({
  initial = null,
  onChange,
}: {
  initial?: TimeRange | null;
  onChange?: (r: TimeRange | null) => void;
}) {
  const [value, setValue] = React.useState<TimeRange | null>(initial);
  return (
    <TimeRangePicker
      value={value}
      timezone="UTC"
      onChange={(r) => {
        setValue(r);
        onChange?.(r);
      }}
    />
  );
}

async function openPicker(
  user: ReturnType<typeof userEvent.setup>,
  name: RegExp | string = /select time range/i,
) {
  await user.click(screen.getByRole('button', { name }));
  return screen.getByRole('dialog', { name: 'Time range' });
}

describe('TimeRangePicker', () => {
  it('picks a relative range (past and future)', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Controlled onChange={onChange} />);
    let dialog = await openPicker(user);
    const past = within(dialog).getByRole('group', { name: 'Past' });
    await user.click(within(past).getByRole('button', { name: '3 hours' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'relative', display: '3 hours', range: 'now-3h' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /3 hours/ })).toBeInTheDocument();

    dialog = await openPicker(user, /3 hours/);
    expect(
      within(within(dialog).getByRole('group', { name: 'Past' })).getByRole('button', { name: '3 hours' }),
    ).toHaveAttribute('aria-pressed', 'true');
    const future = within(dialog).getByRole('group', { name: 'Future' });
    await user.click(within(future).getByRole('button', { name: 'Indefinitely' }));
    expect(onChange).toHaveBeenLastCalledWith({
      type: 'relative',
      display: 'Indefinitely',
      range: 'indefinitely',
    });
  });

  it('picks a mapped range', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Controlled onChange={onChange} />);
    const dialog = await openPicker(user);
    const mapped = within(dialog).getByRole('region', { name: 'Mapped time ranges' });
    expect(within(mapped).getAllByRole('button')).toHaveLength(14);
    await user.click(within(mapped).getByRole('button', { name: 'Previous week' }));
    expect(onChange).toHaveBeenLastCalledWith({
      type: 'mapped',
      display: 'Previous week',
      from: 'now-1w/w',
      to: 'now-1w/w',
    });
  });

  it('keeps absolute Submit disabled until From and To are filled and valid', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Controlled onChange={onChange} />);
    const dialog = await openPicker(user);
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    const from = within(dialog).getByLabelText('From');
    const to = within(dialog).getByLabelText('To');
    expect(submit).toBeDisabled();
    fireEvent.change(from, { target: { value: '2026-01-02T10:00' } });
    expect(submit).toBeDisabled();
    fireEvent.change(to, { target: { value: '2026-01-01T10:00' } });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('From must be before To');
    fireEvent.change(to, { target: { value: '2026-01-03T12:30' } });
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        type: 'absolute',
        from: '2026-01-02T10:00:00.000Z',
        to: '2026-01-03T12:30:00.000Z',
      }),
    );
    // remembered as a recent absolute range
    expect(JSON.parse(localStorage.getItem('recentlyUsedTimeRanges')!)).toHaveLength(1);
    const again = await openPicker(user, /2026-01-02 10:00/);
    expect(within(again).getByText('Recently used absolute time ranges')).toBeInTheDocument();
    expect(within(again).getByLabelText('From')).toHaveValue('2026-01-02T10:00');
  });

  it('Clear gives null', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <Controlled initial={{ type: 'relative', display: '1 hour', range: 'now-1h' }} onChange={onChange} />,
    );
    const dialog = await openPicker(user, /1 hour/);
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: /select time range/i })).toBeInTheDocument();
  });
});

const rangeSearch = defineSearchParams({ q: param.string(), ...timeRangeParams(), ...pageParams() });

function RangeScreen() {
  const urlState = useUrlState(rangeSearch);
  return <UrlTimeRangePicker urlState={urlState} />;
}

describe('UrlTimeRangePicker', () => {
  it('writes the range to the URL, removing stale keys and the page, and Clear removes all', async () => {
    const user = userEvent.setup();
    window.history.replaceState(
      null,
      '',
      '/x?rangeType=absolute&display=old&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&timeRange=1h&pageIndex=2&q=x',
    );
    render(<RangeScreen />);
    const dialog = await openPicker(user, /old/);
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Past' })).getByRole('button', { name: '15 minutes' }),
    );
    expect(Object.fromEntries(new URL(window.location.href).searchParams)).toEqual({
      rangeType: 'relative',
      display: '15 minutes',
      range: 'now-15m',
      q: 'x',
    });

    const again = await openPicker(user, /15 minutes/);
    await user.click(within(again).getByRole('button', { name: 'Clear' }));
    expect(window.location.search).toBe('?q=x');
  });
});

describe('SimpleTimeRangeSelect', () => {
  it('offers 15m … 5y with 1h selected by default', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<SimpleTimeRangeSelect onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Time range' });
    expect(select).toHaveValue('1h');
    expect(within(select).getAllByRole('option')).toHaveLength(20);
    await user.selectOptions(select, '1 week');
    expect(onChange).toHaveBeenCalledWith('1w');
  });
});
