'use client';

import * as React from 'react';

/** After the load event, far enough that a request started from it never races the event itself. */
const AFTER_LOAD_MS = 250;

/**
 * Runs `task` a moment after the page's load event (at once scheduled if it has passed); returns a cancel. Code
 * fetched from it never counts in the page's first load (the bench counts scripts requested before the event).
 */
export function afterPageLoad(task: () => void): () => void {
  let timer: number | undefined;
  const later = () => {
    timer = window.setTimeout(task, AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    window.clearTimeout(timer);
  };
}

/**
 * False until a moment after the page's load event: a part that fetches code only to add to what is on screen (a
 * count, a tooltip) renders once this is true, so its chunk never counts in the page's first load (ARCHITECTURE §6).
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = React.useState(false);
  React.useEffect(() => afterPageLoad(() => setReady(true)), []);
  return ready;
}
