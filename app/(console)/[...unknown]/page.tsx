import { notFound } from 'next/navigation';

/** An address no route has (or a screen not built yet): the 404 inside the console's shell (app/(console)/not-found). */
export default function UnknownPage(): never {
  notFound();
}
