import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ADMIN_CONFIG_MESSAGES, DEV_PASSWORD_HASH, adminConfigProblems } from "../../app/features/auth/admin-config.server";
import {
  EDGE_VAR,
  PLACEHOLDER_DATABASE_ID,
  PLACEHOLDER_KV_ID,
  preflightProblems,
  type PreflightFacts,
} from "../../scripts/preflight-rules";

const REAL_HASH = "pbkdf2-sha256$100000$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g=";

const ready: PreflightFacts = {
  d1Databases: [{ binding: "DB", database_id: "4f1c2a9e-7d3b-4e8a-9c61-2b5d8e0f3a17" }],
  kvNamespaces: [{ binding: "CATALOGUE_VERSION", id: "9b1f0c4e2d7a4e6f8a3b5c7d9e1f2a4b" }],
  vars: { TELEGRAM_USERNAME: "greenleafsupply" },
  secrets: { names: ["ADMIN_USERNAME", "ADMIN_PASSWORD_HASH", "SESSION_SECRET"] },
  environment: {},
};

describe("deploy preflight rules (npm run deploy)", () => {
  it("passes a shop that is ready to ship", () => {
    expect(preflightProblems(ready)).toEqual([]);
  });

  // A binding with the placeholder id, with no id, or no binding at all: each stops the deploy.
  it.each([
    {
      what: "the placeholder database_id",
      list: "d1Databases",
      placeholder: { binding: "DB", database_id: PLACEHOLDER_DATABASE_ID },
      says: ["database_id is the placeholder", "npx wrangler d1 create greenleaf-shop"],
    },
    {
      what: "the page cache's placeholder KV namespace id",
      list: "kvNamespaces",
      placeholder: { binding: "CATALOGUE_VERSION", id: PLACEHOLDER_KV_ID },
      says: ["CATALOGUE_VERSION KV namespace id is the placeholder", "npx wrangler kv namespace create CATALOGUE_VERSION"],
    },
  ] as const)("stops on $what, or none", ({ list, placeholder, says }) => {
    for (const bindings of [[placeholder], [{ binding: placeholder.binding }], []]) {
      const problems = preflightProblems({ ...ready, [list]: bindings });
      expect(problems).toHaveLength(1);
      for (const text of says) expect(problems[0]).toContain(text);
    }
  });

  it("names every missing secret with the command that sets it", () => {
    const problems = preflightProblems({ ...ready, secrets: { names: ["ADMIN_USERNAME"] } });
    expect(problems).toEqual([
      "Secret ADMIN_PASSWORD_HASH is not set: `npx wrangler secret put ADMIN_PASSWORD_HASH`.",
      "Secret SESSION_SECRET is not set: `npx wrangler secret put SESSION_SECRET`.",
    ]);
  });

  it("stops when the secrets cannot be listed, saying why and what to do", () => {
    const [problem] = preflightProblems({ ...ready, secrets: { error: "not signed in" } });
    expect(problem).toContain("Could not list the Worker's secrets (not signed in)");
    expect(problem).toContain("npx wrangler login");
  });

  it("refuses secrets in plain-text [vars], and the development password hash anywhere it can see it", () => {
    const problems = preflightProblems({ ...ready, vars: { ...ready.vars, ADMIN_PASSWORD_HASH: DEV_PASSWORD_HASH } });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain("ADMIN_PASSWORD_HASH is in [vars]");
    expect(problems[1]).toContain("development password hash");

    const fromShell = preflightProblems({ ...ready, environment: { ADMIN_PASSWORD_HASH: DEV_PASSWORD_HASH, SESSION_SECRET: "short" } });
    expect(fromShell).toEqual([
      `Environment: ${ADMIN_CONFIG_MESSAGES.devPassword.message}`,
      `Environment: ${ADMIN_CONFIG_MESSAGES.secretShort.message}`,
    ]);
    expect(preflightProblems({ ...ready, environment: { ADMIN_PASSWORD_HASH: REAL_HASH, SESSION_SECRET: "x".repeat(32) } })).toEqual([]);
  });

  it("the deploy, and only the deploy, tells the Worker it is behind Cloudflare's edge", () => {
    const scripts: unknown = JSON.parse(readFileSync("package.json", "utf8")).scripts;
    expect(scripts).toMatchObject({ deploy: expect.stringContaining(`wrangler deploy --var ${EDGE_VAR}:true`) });
    const problems = preflightProblems({ ...ready, vars: { ...ready.vars, [EDGE_VAR]: "true" } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${EDGE_VAR} is in [vars]`);
  });

  it("lists every problem at once", () => {
    const problems = preflightProblems({
      d1Databases: [{ binding: "DB", database_id: PLACEHOLDER_DATABASE_ID }],
      vars: { SESSION_SECRET: "in-plain-text" },
      secrets: { names: [] },
      environment: {},
    });
    expect(problems).toHaveLength(5);
  });
});

describe("the admin's configuration rules (the Worker applies the same on every admin request)", () => {
  const good = { ADMIN_USERNAME: "owner", ADMIN_PASSWORD_HASH: REAL_HASH, SESSION_SECRET: "s".repeat(32) };

  it("the development hash is the one .dev.vars.example documents", () => {
    expect(readFileSync(".dev.vars.example", "utf8")).toContain(`ADMIN_PASSWORD_HASH=${DEV_PASSWORD_HASH}`);
  });

  it("a missing secret is a problem everywhere", () => {
    for (const local of [true, false]) {
      expect(adminConfigProblems({ ...good, SESSION_SECRET: undefined }, { local })).toEqual([ADMIN_CONFIG_MESSAGES.secretMissing]);
      expect(adminConfigProblems({ ...good, ADMIN_USERNAME: " " }, { local })).toEqual([ADMIN_CONFIG_MESSAGES.usernameMissing]);
      expect(adminConfigProblems({ ...good, ADMIN_PASSWORD_HASH: "plain-password" }, { local })).toEqual([
        ADMIN_CONFIG_MESSAGES.hashMissing,
      ]);
    }
  });

  it("the development password and a short secret are fine on localhost only", () => {
    const dev = { ...good, ADMIN_PASSWORD_HASH: DEV_PASSWORD_HASH, SESSION_SECRET: "short" };
    expect(adminConfigProblems(dev, { local: true })).toEqual([]);
    expect(adminConfigProblems(dev, { local: false })).toEqual([ADMIN_CONFIG_MESSAGES.devPassword, ADMIN_CONFIG_MESSAGES.secretShort]);
    expect(adminConfigProblems(good, { local: false })).toEqual([]);
  });

  it("every message names the secret and the command that sets it", () => {
    for (const problem of Object.values(ADMIN_CONFIG_MESSAGES)) {
      expect(problem.message).toContain(problem.secret);
      expect(problem.message).toContain(`npx wrangler secret put ${problem.secret}`);
    }
  });
});
