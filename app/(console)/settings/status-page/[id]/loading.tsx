/** Streams the shell at once while the screen loads its data (a loading file per data route, so that
 * pages without data, such as the Unauthorized page, keep their real status code). */
import { PageSkeleton } from '@/components/shell/page-skeleton';

export default function Loading() {
  return <PageSkeleton />;
}
