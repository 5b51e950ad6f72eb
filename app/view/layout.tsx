/**
 * Chrome-less pages for wall displays (spec 000 §2): no sidebar or header, and they render before feature
 * flags load, so nothing here waits on them. Each page's own layout adds the providers it needs (a single
 * topology card needs none). `data-wall-display` scales their type and hides their controls while idle
 * (app/globals.css).
 */
export default function ViewLayout({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" data-wall-display className="min-h-screen bg-background">
      {children}
    </main>
  );
}
