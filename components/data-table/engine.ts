/**
 * Which table engine a feature set runs on. Each preset module (features/*.ts) registers its engine here, so that
 * DataTable imports neither engine itself and a screen's bundle carries only the engine of the preset it uses.
 */
import type { PaginationState, Updater } from '@tanstack/react-table';
import { PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE } from '@/lib/constants';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TableEngine = (options: any) => any;

export interface PagingProps {
  pagination?: PaginationState;
  onPaginationChange?: (updater: Updater<PaginationState>) => void;
  serverPageSize?: number | null;
}

export interface Paging {
  pagination: PaginationState;
  onPaginationChange: (updater: Updater<PaginationState>) => void;
  /** Virtual pagination: show more rows (a bigger page) without changing the size persisted for every table. */
  grow: (pageSize: number) => void;
}

/** Paging owned by the screen (server-paged lists through useUrlTable), or none. */
function useControlledPaging({
  pagination = { pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE },
  onPaginationChange,
}: PagingProps): Paging {
  return {
    pagination,
    onPaginationChange: (updater) => onPaginationChange?.(applyUpdater(updater, pagination)),
    grow: (pageSize) => onPaginationChange?.({ ...pagination, pageSize }),
  };
}

interface Registered {
  useEngine: TableEngine;
  usePaging: (props: PagingProps) => Paging;
}

const engines = new WeakMap<object, Registered>();

/**
 * Registers a preset's engine, and the paging of lists held in the browser when it pages them (the TanStack
 * presets); the others take their page from the screen.
 */
export function registerEngine<T extends object>(
  features: T,
  useEngine: TableEngine,
  usePaging: Registered['usePaging'] = useControlledPaging,
): T {
  engines.set(features, { useEngine, usePaging });
  return features;
}

export function engineOf(features: object): Registered {
  const engine = engines.get(features);
  if (!engine) throw new Error('DataTable: pass one of the feature sets of components/data-table/features');
  return engine;
}

/** Virtual pagination doubles the page size near the end of the loaded rows (spec 001 §9), up to the largest option. */
export function nextVirtualPageSize(
  current: number,
  max: number = PAGE_SIZE_OPTIONS[PAGE_SIZE_OPTIONS.length - 1] ?? 1000,
) {
  return Math.min(max, Math.max(1, current) * 2);
}

/** A state updater's result (a value or a function of the previous value), without loading TanStack's core. */
export function applyUpdater<T>(updater: T | ((previous: T) => T), previous: T): T {
  return typeof updater === 'function' ? (updater as (previous: T) => T)(previous) : updater;
}
