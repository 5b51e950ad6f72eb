'use client';

import * as React from 'react';
import { ErrorPanel } from '@/components/shell/error-panel';
import { Button } from '@/components/ui/button';

/** Error boundary of the console pages: keeps the shell, logs the error, offers a retry. */
export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  React.useEffect(() => {
    console.error('Sorry.. there was an error', error);
  }, [error]);
  return (
    <ErrorPanel error={error} title="Sorry.. there was an error">
      <Button variant="outline" size="sm" onClick={reset}>
        Try again
      </Button>
    </ErrorPanel>
  );
}
