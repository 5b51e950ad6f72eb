import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { countedQuery, endpointQuery } from '@/lib/queries/fetcher';
import type { ResourceListParams } from '@/lib/resources/endpoints';
import type { ResourceTableDefinition, ResourceTableName } from '@/lib/resources/resource-tables';
import type { ResourceListSearch } from '@/lib/resources/search';

/** The generic resource tables' reads: the list of a table, one row, and a scraper's config items. */

const endpoints = () => import('@/lib/resources/endpoints');

export const resourceTableKeys = {
  all: ['resource-tables'] as const,
  table: (table: ResourceTableName) => [...resourceTableKeys.all, table] as const,
  list: (table: ResourceTableName, params: ResourceListParams) =>
    [...resourceTableKeys.table(table), 'list', params] as const,
  record: (table: ResourceTableName, id: string) =>
    [...resourceTableKeys.table(table), 'record', id] as const,
  scraperItems: (id: string) => [...resourceTableKeys.table('config_scrapers'), 'items', id] as const,
  schema: (file: string) => [...resourceTableKeys.all, 'schema', file] as const,
};

export const resourceTableQueries = {
  list: (def: ResourceTableDefinition, params: ResourceListParams) =>
    queryOptions({
      ...endpointQuery(resourceTableKeys.list(def.table, params), async () =>
        (await endpoints()).resourceListEndpoint(params),
      ),
      placeholderData: keepPreviousData,
    }),
  record: (table: ResourceTableName, id: string) =>
    queryOptions({
      ...endpointQuery(resourceTableKeys.record(table, id), async () =>
        (await endpoints()).resourceEndpoint(table, id),
      ),
      select: (rows) => rows[0] ?? null,
    }),
  /** The schemas are files shipped with the backend: fetched once per session. */
  schema: (file: string) =>
    queryOptions({
      ...endpointQuery(resourceTableKeys.schema(file), async () =>
        (await endpoints()).specSchemaEndpoint(file),
      ),
      staleTime: Infinity,
    }),
  scraperItems: (id: string) =>
    countedQuery(resourceTableKeys.scraperItems(id), async () =>
      (await endpoints()).scraperItemsEndpoint(id),
    ),
};

/** The URL → request mapping of a list: the backend sorts by a column the table shows, newest first by default. */
export function resourceListParams(
  def: ResourceTableDefinition,
  values: Pick<ResourceListSearch, 'sortBy' | 'sortDesc'>,
): ResourceListParams {
  const sortable = values.sortBy !== null && (def.columns as readonly string[]).includes(values.sortBy);
  return {
    view: def.listView,
    sortBy: sortable ? (values.sortBy as string) : 'created_at',
    sortDesc: sortable ? values.sortDesc : true,
  };
}
