/** The way out of a 404. A plain link: next/link here would add its client code to the first load of every page. */
export function DashboardLink() {
  return (
    <a href="/" className="text-sm text-primary underline underline-offset-2">
      Go to the dashboard
    </a>
  );
}
