import { migration0001Tables } from './0001-tables';
import { migration0002SeedRowsAndTriggers } from './0002-seed-rows-and-triggers';
import { migration0003Views } from './0003-views';
import { migration0004CheckSummaryFunctions } from './0004-check-summary-functions';
import { migration0005ListPerformance } from './0005-list-performance';
import { migration0006SummaryCacheVersion } from './0006-summary-cache-version';
import { migration0007CatalogReadIndexes } from './0007-catalog-read-indexes';
import { migration0008ConfigsCountersAsSubqueries } from './0008-configs-counters-as-subqueries';
import { migration0009CatalogOrderCoversId } from './0009-catalog-order-covers-id';
import { migration0010AuditActor } from './0010-audit-actor';
import { migration0011ConsoleSessionRevocations } from './0011-console-session-revocations';
import { migration0030ScreenSlices } from './0030-screen-slices';
import { migration0040ConnectionSecretProperties } from './0040-connection-secret-properties';
import { migration0060IncidentSeverityHistory } from './0060-incident-severity-history';
import { migration0070RunActionArtifacts } from './0070-run-action-artifacts';
import { migration0310IncidentHistoryInsertOnly } from './0310-incident-history-insert-only';
import { migration0311DeactivationEndsSessions } from './0311-deactivation-ends-sessions';
import { migration0312RunSecretParameters } from './0312-run-secret-parameters';
import { migration0313MaskedApproverAddresses } from './0313-masked-approver-addresses';
import { migration0320ChangeEvents } from './0320-change-events';
import { migration0350TrigramSearch } from './0350-trigram-search';
import { migration0351CatalogSummaryAggregates } from './0351-catalog-summary-aggregates';
import { migration0352CatalogFeedCounts } from './0352-catalog-feed-counts';
import { migration0353LabelContainmentIndex } from './0353-label-containment-index';
import { migration0375PermissionCheckTarget } from './0375-permission-check-target';
import { migration0380StatusPages } from './0380-status-pages';
import { migration0390SavedViews } from './0390-saved-views';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Append-only: a released migration is never edited, a change is a new entry. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'tables', sql: migration0001Tables },
  { version: 2, name: 'seed rows and triggers', sql: migration0002SeedRowsAndTriggers },
  { version: 3, name: 'views and functions', sql: migration0003Views },
  { version: 4, name: 'check summary functions', sql: migration0004CheckSummaryFunctions },
  { version: 5, name: 'list performance', sql: migration0005ListPerformance },
  { version: 6, name: 'summary cache version', sql: migration0006SummaryCacheVersion },
  { version: 7, name: 'catalog read indexes', sql: migration0007CatalogReadIndexes },
  { version: 8, name: 'configs counters as subqueries', sql: migration0008ConfigsCountersAsSubqueries },
  { version: 9, name: 'catalog order covers id', sql: migration0009CatalogOrderCoversId },
  { version: 10, name: 'audit columns from the caller', sql: migration0010AuditActor },
  { version: 11, name: 'console session revocations', sql: migration0011ConsoleSessionRevocations },
  // 11–29 belong to other work in progress; the screen slices start at 30 so the lists merge without renumbering.
  {
    version: 30,
    name: 'screen slices: canary names, permission subjects, agent cleanup, summaries',
    sql: migration0030ScreenSlices,
  },
  {
    version: 40,
    name: 'connection secrets in properties keep their value when the mask is written back',
    sql: migration0040ConnectionSecretProperties,
  },
  { version: 60, name: 'incident severity history', sql: migration0060IncidentSeverityHistory },
  {
    version: 70,
    name: 'run action artifacts without their bytes, masked without artifact:read',
    sql: migration0070RunActionArtifacts,
  },
  // 310–319: issue 31's authorization fixes (a range of their own, so parallel work merges without renumbering).
  { version: 310, name: 'incident history is insert-only', sql: migration0310IncidentHistoryInsertOnly },
  {
    version: 311,
    name: 'deactivating a person ends their console sessions',
    sql: migration0311DeactivationEndsSessions,
  },
  {
    version: 312,
    name: 'password parameters of playbook runs are stored write-only',
    sql: migration0312RunSecretParameters,
  },
  {
    version: 313,
    name: 'masked approver addresses keep their value when written back',
    sql: migration0313MaskedApproverAddresses,
  },
  // 320–329: issue 32's live console.
  { version: 320, name: 'change notifications for the live console', sql: migration0320ChangeEvents },
  // 350–359: issue 35's scale work.
  { version: 350, name: 'trigram indexes for free-text search', sql: migration0350TrigramSearch },
  {
    version: 351,
    name: 'catalog summary aggregates kept by triggers',
    sql: migration0351CatalogSummaryAggregates,
  },
  { version: 352, name: 'change feed counts kept by triggers', sql: migration0352CatalogFeedCounts },
  { version: 353, name: 'label containment index', sql: migration0353LabelContainmentIndex },
  // 375–379: issue 37's permissions screen (370–374 are left to the issue's other items).
  { version: 375, name: 'a permission can target a check', sql: migration0375PermissionCheckTarget },
  // 380–389: issue 38's public status pages.
  { version: 380, name: 'status pages and public incident updates', sql: migration0380StatusPages },
  // 390–399: issue 33's saved views (after the highest number: 330–339 would read as older than 380).
  { version: 390, name: 'saved views per person', sql: migration0390SavedViews },
];
