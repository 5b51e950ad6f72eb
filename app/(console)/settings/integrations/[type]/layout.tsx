import { notFound } from 'next/navigation';
import { isIntegrationKind } from '@/lib/operations/integration-types';

/**
 * Answers an unknown or wrong-case integration type with a real 404: this layout is outside every loading boundary
 * (the list's loading file sits in the `(list)` group), so it runs before the response starts streaming.
 */
export default async function IntegrationTypeLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ type: string }>;
}) {
  if (!isIntegrationKind((await params).type)) notFound();
  return children;
}
