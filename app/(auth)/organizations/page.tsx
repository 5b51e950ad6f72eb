import { notFound } from 'next/navigation';
import { LazyClerkWidget } from '@/components/auth/clerk-lazy';
import { authMode } from '@/lib/auth/server';

export const metadata = { title: 'Select an organization' };

/** Clerk mode: a signed-in user without an organization picks or creates one (spec 000 §4 "Hosted mode"). */
export default function OrganizationsPage() {
  if (authMode() !== 'clerk') notFound();
  return (
    <div className="flex flex-col items-center gap-4">
      <h1 className="text-xl font-semibold">Select an organization</h1>
      <LazyClerkWidget widget="organization-list" />
    </div>
  );
}
