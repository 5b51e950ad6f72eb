'use client';

import dynamic from 'next/dynamic';

/**
 * The resource editor for screens and dialogs: it (with zod, react-hook-form and the form kit) loads when it is shown,
 * not with the page, which keeps pages within the data-screen budget. Props: ResourceEditorProps.
 */
export const LazyResourceEditor = dynamic(
  () => import('@/components/resources/resource-editor').then((m) => m.ResourceEditor),
  {
    ssr: false,
    loading: () => (
      <p role="status" className="py-8 text-center text-sm text-muted-foreground">
        Loading editor…
      </p>
    ),
  },
);
