/** Debian's Chromium and the flags it runs with on a machine with no network beyond the package registries. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // Software compositing inside the browser process instead of a GPU process of its own: the same 23 e2e tests took
  // 148–151 s instead of 172–196 s on this 2-core machine (docs/measurements.md, sixth session).
  '--in-process-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
