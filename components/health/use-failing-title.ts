'use client';

import * as React from 'react';

const PREFIX = /^\(\d+ failing\) /;

/** Puts the count of failing checks in front of the tab's title, so a person sees it from another tab. */
export function useFailingTitle(failing: number): void {
  React.useEffect(() => {
    const base = document.title.replace(PREFIX, '');
    document.title = failing > 0 ? `(${failing} failing) ${base}` : base;
    return () => {
      document.title = document.title.replace(PREFIX, '');
    };
  }, [failing]);
}
