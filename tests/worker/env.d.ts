// TEST_MIGRATIONS is a test-only binding added in vitest.worker.config.ts.
type TestEnv = Env & { TEST_MIGRATIONS: import("cloudflare:test").D1Migration[] };
