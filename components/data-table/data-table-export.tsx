'use client';

import * as React from 'react';
import { Download } from 'lucide';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';
import type { ExportPage } from './csv-export';

/**
 * CSV export of a list as the person sees it: the visible columns, the rows filtered and sorted. A list held in
 * the browser exports every row it holds (all pages, every group's members); a server-paged list passes
 * `fetchPage`, and every page is fetched in turn with the same filters and sort, with a progress toast.
 */
export function DataTableExport({
  table,
  name,
  fetchPage,
}: {
  table: unknown;
  /** The list's name, for the file name ('Health checks' → health-checks-2026-11-24.csv). */
  name: string;
  fetchPage?: ExportPage;
}) {
  const [busy, setBusy] = React.useState(false);
  const run = async () => {
    setBusy(true);
    try {
      // The CSV code loads when someone exports, not with the list.
      await (await import('./csv-export')).exportCsv(table, name, fetchPage);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void run()}
      disabled={busy}
      aria-label={`Export ${name} as CSV`}
    >
      <StaticIcon icon={Download} className="size-4" />
      CSV
    </Button>
  );
}
