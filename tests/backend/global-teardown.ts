import { removeTemplatesRoot, templatesRoot } from './helpers/seeded-templates';

export default async function globalTeardown(): Promise<void> {
  const root = templatesRoot();
  if (root) await removeTemplatesRoot(root);
}
