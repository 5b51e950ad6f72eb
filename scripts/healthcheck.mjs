// The container's HEALTHCHECK (and CI's check of the standalone server): exit 0 when the server on this host
// answers GET /api/health with 200 within 4 s. `node healthcheck.mjs --ready` asks for readiness instead.
const port = process.env.PORT || '3000';
const path = process.argv.includes('--ready') ? '/api/health?ready=1' : '/api/health';
try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) });
  await response.body?.cancel();
  if (response.status !== 200) {
    console.error(`${path}: HTTP ${response.status}`);
    process.exit(1);
  }
} catch (error) {
  console.error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
