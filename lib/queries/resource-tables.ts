import { queryOptions } from '@tanstack/react-query';
import { countedQuery, endpointQuery } from '@/lib/queries/fetcher';
import type { ResourceTableDefinition, ResourceTableName } from '@/lib/resources/resource-tables';

/** The generic resource tables' reads: the list of a table, one row, and a scraper's config items. */

const endpoints = () => import('@/lib/backend/endpoints/resource-tables');

export const resourceTableKeys = {
  all: ['resource-tables'] as const,
  table: (table: ResourceTableName) => [...resourceTableKeys.all, table] as const,
  list: (table: ResourceTableName) => [...resourceTableKeys.table(table), 'list'] as const,
  record: (table: ResourceTableName, id: string) => [...resourceTableKeys.table(table), 'record', id] as const,
  scraperItems: (id: string) => [...resourceTableKeys.table('config_scrapers'), 'items', id] as const,
  schema: (file: string) => [...resourceTableKeys.all, 'schema', file] as const,
};

export const resourceTableQueries = {
  list: (def: ResourceTableDefinition) =>
    endpointQuery(resourceTableKeys.list(def.table), async () => (await endpoints()).resourceListEndpoint(def.listView)),
  record: (table: ResourceTableName, id: string) =>
    queryOptions({
      ...endpointQuery(resourceTableKeys.record(table, id), async () => (await endpoints()).resourceEndpoint(table, id)),
      select: (rows) => rows[0] ?? null,
    }),
  /** The schemas are files shipped with the backend: fetched once per session. */
  schema: (file: string) =>
    queryOptions({
      ...endpointQuery(resourceTableKeys.schema(file), async () => (await endpoints()).specSchemaEndpoint(file)),
      staleTime: Infinity,
    }),
  scraperItems: (id: string) => countedQuery(resourceTableKeys.scraperItems(id), async () => (await endpoints()).scraperItemsEndpoint(id)),
};
