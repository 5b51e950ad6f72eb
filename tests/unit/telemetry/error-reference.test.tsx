import { render, screen } from '@testing-library/react';
import { LoadFailed } from '@/components/list/load-failed';
import { ErrorPanel } from '@/components/shell/error-panel';
import { BackendError } from '@/lib/backend/errors';

/**
 * Issue 36: the console's error states show the failing request's id as "Reference: …" (the id its /api answer
 * carried, redaction.test.ts), so a person can quote it to whoever reads the logs.
 */

const ID = 'req-7f3c9a21-reference';
const failure = () => new BackendError({ status: 500, code: 'http_500', message: 'boom', requestId: ID });

test('a failed load shows the request id of the failing answer', () => {
  render(<LoadFailed title="Checks could not be loaded" message="boom" error={failure()} />);
  expect(screen.getByRole('alert')).toHaveTextContent(`Reference: ${ID}`);
});

test('the error panel shows it too, and nothing when the error has no valid id', () => {
  const { rerender } = render(<ErrorPanel error={failure()} title="Failed" hideDetails />);
  expect(screen.getByRole('alert')).toHaveTextContent(`Reference: ${ID}`);
  rerender(<ErrorPanel error={Object.assign(new Error('x'), { requestId: 'bad id <b>' })} hideDetails />);
  expect(screen.getByRole('alert')).not.toHaveTextContent('Reference');
});
