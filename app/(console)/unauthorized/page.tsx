import { forbidden } from 'next/navigation';

export const metadata = { title: 'Unauthorized' };

/** Middleware rewrites a denied route here; forbidden() answers 403 with the Unauthorized page in the shell. */
export default function UnauthorizedPage() {
  forbidden();
}
