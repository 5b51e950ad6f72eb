import { ScreenProviders } from '@/components/providers/screen-providers';

/**
 * Chrome-less pages for wall displays (spec 000 §2): no sidebar or header, and they render before feature
 * flags load, so nothing here waits on them. Every /view page is a data screen, hence ScreenProviders here.
 */
export default function ViewLayout({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="min-h-screen bg-background">
      <ScreenProviders>{children}</ScreenProviders>
    </main>
  );
}
