import type { PublicUpdateStatus } from '@/lib/status-page/constants';
import type { StatusPageBody } from '@/lib/status-page/endpoints';
import { publicationKeys, statusPageKeys } from '@/lib/status-page/queries';
import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';

/** Writes of the status-page screens and of an incident's public notice, apart from the queries. */

const endpoints = () => import('@/lib/status-page/endpoints');

export type StatusPageWrite =
  { kind: 'create'; body: StatusPageBody } | { kind: 'update'; id: string; body: StatusPageBody };

/** Create or replace a page with its entries; the form shows the error. */
export const useSaveStatusPage = () =>
  useEndpointMutation({
    mutationFn: async (write: StatusPageWrite, run) => {
      const e = await endpoints();
      return run(
        write.kind === 'create'
          ? e.createStatusPageEndpoint(write.body)
          : e.updateStatusPageEndpoint(write.id, write.body),
      );
    },
    invalidates: [statusPageKeys.all],
    refetchOn: 'success',
    errorToast: false,
  });

export type PublicationWrite =
  | { kind: 'save'; public: boolean; public_title: string | null }
  | { kind: 'update'; status: PublicUpdateStatus; body: string }
  | { kind: 'delete-update'; updateId: string };

/** An incident's public flag and title, and its public updates; the notice shows errors itself. */
export const usePublicationWrite = (incidentId: string) =>
  useEndpointMutation({
    mutationFn: async (write: PublicationWrite, run) => {
      const e = await endpoints();
      return run(
        write.kind === 'save'
          ? e.savePublicationEndpoint(incidentId, { public: write.public, public_title: write.public_title })
          : write.kind === 'update'
            ? e.addPublicUpdateEndpoint(incidentId, { status: write.status, body: write.body })
            : e.deletePublicUpdateEndpoint(incidentId, write.updateId),
      );
    },
    invalidates: [publicationKeys.one(incidentId)],
    refetchOn: 'success',
    errorToast: false,
  });
