import { createTemplatesRoot } from './helpers/seeded-templates';

/** The run's folder for the seeded template databases; the workers build them on first use. */
export default function globalSetup(): void {
  createTemplatesRoot();
}
