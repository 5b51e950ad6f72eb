import {
  PERMISSION_RESOURCE_COLUMNS,
  PERMISSION_SCOPE_KEYS,
  type PermissionScopeKey,
  type PermissionsListParams,
} from '@/lib/access/permission-model';
import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, refreshParam, sortParams } from '@/lib/search-params/table';

/**
 * The URL contract of /settings/permissions (spec 001 §2.5): filters by subject, resource kind and action, sort,
 * page, refresh, the id columns that scope the list (`?connection_id=…`, as a connection's Permissions tab), and
 * the permission whose edit dialog is open (`?permission=…`: not `id`, which a page around a Permissions tab may own).
 */

export const PERMISSION_SORTS = ['created_at', 'action', 'subject', 'until', 'source'] as const;
const RESOURCE_KINDS = Object.keys(
  PERMISSION_RESOURCE_COLUMNS,
) as (keyof typeof PERMISSION_RESOURCE_COLUMNS)[];

const scopeParams = Object.fromEntries(
  PERMISSION_SCOPE_KEYS.map((key) => [key, param.optionalString()]),
) as Record<PermissionScopeKey, ReturnType<typeof param.optionalString>>;

export const permissionsSearch = defineSearchParams({
  subject: param.optionalString().resettingPage(),
  resource: param.optionalOneOf(RESOURCE_KINDS).resettingPage(),
  action: param.optionalString().resettingPage(),
  ...sortParams(PERMISSION_SORTS, { by: 'created_at', desc: true }),
  ...pageParams(),
  refresh: refreshParam(),
  ...scopeParams,
  permission: param.optionalString(),
});
export type PermissionsSearch = ParamValues<typeof permissionsSearch.params>;

/** The list request of the URL's values; `scope` (a tab's fixed filter) wins over the URL's scope keys. */
export function permissionsListParams(
  v: PermissionsSearch,
  pageSize: number,
  scope: Partial<Record<PermissionScopeKey, string>> = {},
): PermissionsListParams {
  const fromUrl = Object.fromEntries(PERMISSION_SCOPE_KEYS.flatMap((key) => (v[key] ? [[key, v[key]]] : [])));
  return {
    scope: { ...fromUrl, ...scope },
    subject: v.subject,
    resource: v.resource,
    action: v.action,
    sortBy: v.sortBy,
    sortDesc: v.sortDesc,
    pageIndex: v.pageIndex,
    pageSize,
  };
}
