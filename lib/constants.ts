/**
 * Business constants and limits (spec 000 §9, 001 §5 and §9, ARCHITECTURE §5).
 * Pure data, safe to import from server and client code.
 */

/** Frontend version shown in the user menu ('frontend 1.0.873'). */
export const FRONTEND_VERSION = '1.0.873';

/** Default query staleness: 5 minutes. */
export const QUERY_STALE_TIME_MS = 300_000;

/**
 * The Server-Timing metric whose description is the time (ms since 1970) the console was asked for a page: the tab's
 * first change stream asks for what changed since then (lib/live/connection.ts), so a write while it loads is seen.
 */
export const PAGE_REQUESTED_TIMING = 'page-requested';

/** Toasts: bottom-right, 5 s. */
export const TOAST_DURATION_MS = 5_000;

// Debounce (001 §5)
export const SEARCH_DEBOUNCE_MS = 400;
export const INCIDENT_LOOKUP_DEBOUNCE_MS = 100;
export const HYPOTHESIS_LOOKUP_DEBOUNCE_MS = 100;
export const RESOURCE_SEARCH_DEBOUNCE_MS = 300;

// Tables (000 §9, 001 §9)
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;
export const GRID_PAGE_SIZE_OPTIONS = [50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** localStorage key (and cookie name) for the page size shared by all paginated tables. */
export const PAGE_SIZE_STORAGE_KEY = 'persistPageSize';
export const SETTINGS_LIST_LIMIT = 100;
export const HEALTH_HISTORY_PAGE_SIZE = 50;
export const JOB_HISTORY_PAGE_SIZE = 150;
export const NOTIFICATIONS_LIST_LIMIT = 1000;
export const CHECK_GRAPH_COUNT = 300;
/** Resource picker switches to a windowed list above this many options. */
export const RESOURCE_PICKER_WINDOW_THRESHOLD = 20;

// Time ranges
export const RECENT_TIME_RANGES_LIMIT = 4;
export const RECENT_TIME_RANGES_STORAGE_KEY = 'recentlyUsedTimeRanges';
/** The 'ago' cell shows only if under 7 days. */
export const AGO_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

// Recursion depths (000 §9)
export const CHANGES_RECURSION_DEPTH = 5;
export const RELATED_CONFIGS_RECURSION_DEPTH = 10;

/** A detail page's sections list at most this many rows and say so; the full lists live on their own pages. */
export const SECTION_ROW_LIMIT = 50;

/** selector_id of a config linked to a component by hand (upstream §2.2). */
export const MANUAL_SELECTOR_ID = 'manual';

/** Nil agent id: all zeros (a config with this agent id is local). */
export const NIL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** Agent status 'Online' when last_seen is within 61 seconds. */
export const AGENT_ONLINE_WINDOW_MS = 61_000;

// Shell (000 §2, 001 §9): tailwind spacing units (w-56 / w-14)
export const SIDEBAR_WIDTH_EXPANDED = 56;
export const SIDEBAR_WIDTH_COLLAPSED = 14;
export const SIDEBAR_AUTO_COLLAPSE_BREAKPOINT_PX = 1024;

// Preferences (000 §9, 001 §9)
export const CARD_WIDTH_MIN = 250;
export const CARD_WIDTH_MAX = 768;
export const CARD_WIDTH_STEP = 2;
export const CARD_WIDTH_DEFAULT = 554;
export const DATETIME_FORMATS = ['short', 'medium', 'full', 'timestamp'] as const;
export type DateTimeFormatPreference = (typeof DATETIME_FORMATS)[number];
export const DEFAULT_DATETIME_FORMAT: DateTimeFormatPreference = 'timestamp';
export const BROWSER_TIMEZONE = 'Browser';
export const DEFAULT_TIMEZONE = BROWSER_TIMEZONE;
export const DEFAULT_SHOW_HIDDEN_COMPONENTS = true;
export const DEFAULT_SHOW_DELETED_CONFIGS = false;

/** Profile messages clear after 10 seconds. */
export const PROFILE_MESSAGE_CLEAR_MS = 10_000;

// Auto-refresh choices: the 001 §9 duration list ('None, 15s, 30s, 60s, 2m, 3m, 5m, 10m, 15m').
export const REFRESH_RATE_OPTIONS = ['None', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m'] as const;
export type RefreshRate = (typeof REFRESH_RATE_OPTIONS)[number];

/** Playbook run detail polling interval. */
export const PLAYBOOK_RUN_POLL_MS = 2_000;

/** Help links point at https://docs.flanksource.com/{helpLink}. */
export const DOCS_BASE_URL = 'https://docs.flanksource.com';
