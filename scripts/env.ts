/** What every wrangler run we start needs: offline-friendly, no telemetry. */
export const quietWranglerVars = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_LOG_SANITIZE: "true",
};

/** Environment for every wrangler process we spawn. */
export const quietWranglerEnv = { ...process.env, ...quietWranglerVars };
