import { notFound } from 'next/navigation';
import { OrgsSwitched } from '@/components/auth/orgs-switched';
import { authMode } from '@/lib/auth/server';

export const metadata = { title: 'Organization' };

export default function OrgsSwitchedPage() {
  if (authMode() !== 'clerk') notFound();
  return <OrgsSwitched />;
}
