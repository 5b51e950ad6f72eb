import type { Metadata } from 'next';
import { SilenceAddScreen, type SilenceTargetRef } from '@/components/notifications/silence-add-screen';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { notificationQueries } from '@/lib/notifications/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { silenceAddSearch } from '@/lib/notifications/search';

export const metadata: Metadata = { title: 'Add Notification Silence' };

/** /notifications/silences/add (write on notifications), prefilled by `check_id`, `component_id`, or `config_id`. */
export default async function SilenceAddPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  await requireRouteAccess('/notifications/silences/add');
  const v = silenceAddSearch.parse(await searchParams);
  const target: SilenceTargetRef | null = v.check_id
    ? { kind: 'checks', id: v.check_id }
    : v.component_id
      ? { kind: 'components', id: v.component_id }
      : v.config_id
        ? { kind: 'configs', id: v.config_id }
        : null;
  return (
    <PrefetchQueries queries={target ? [notificationQueries.target(target.kind, target.id)] : []}>
      <SilenceAddScreen target={target} />
    </PrefetchQueries>
  );
}
