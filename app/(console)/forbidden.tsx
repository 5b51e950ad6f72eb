import { Unauthorized } from '@/components/shell/unauthorized';

/** The 403 boundary of the console pages: the Unauthorized state inside the shell. */
export default function ConsoleForbidden() {
  return <Unauthorized />;
}
