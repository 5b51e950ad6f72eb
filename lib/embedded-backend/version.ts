/** Version reported by /canary/about for the embedded backend (the console's version plus a marker). */
export const EMBEDDED_BACKEND_VERSION = '1.0.873-embedded';

/** When this process started serving; /canary/about reports it as the build timestamp. */
export const EMBEDDED_BACKEND_STARTED_AT = new Date().toISOString();
