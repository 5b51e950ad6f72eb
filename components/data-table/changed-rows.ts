'use client';

import * as React from 'react';

/**
 * The row ids that changed a moment ago, which the kit's rows and the screens' cards mark briefly (the `row-changed`
 * class of app/globals.css). The kit only reads it: whoever knows what changed (the live connection, composed by
 * app/) provides it, so no list learns of a feature.
 */
export const ChangedRowsContext = React.createContext<ReadonlySet<string>>(new Set());

/** Given a row's or card's id, the class that marks it while it is one that just changed. */
export function useChangedRowClass(): (id: string | undefined) => string | undefined {
  const changed = React.useContext(ChangedRowsContext);
  return (id) => (id !== undefined && changed.has(id) ? 'row-changed' : undefined);
}
