/** Environment for every wrangler call we make: offline-friendly, no telemetry. */
export const quietWranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_LOG_SANITIZE: "true",
};
