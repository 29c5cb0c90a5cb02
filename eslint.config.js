// ESLint 9 flat config. `npm run lint` is `eslint . --max-warnings 0`, so every finding fails it.
// The code that ships (app, workers, db) gets typescript-eslint's type-checked rules as well: no floating
// promises, no `any` leaking out of a parse, no assertion or condition the types already make needless.
// Scripts and tests keep the untyped rules: type-checking them too would double the lint's time.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".wrangler/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/results-*.json",
      "worker-configuration.d.ts",
      "patches/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      // A leading underscore marks a value left unused on purpose (`const { id: _id, ...rest } = row`).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // `interface AppLoadContext extends X {}` is how Remix's load context type is declared.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts", "db/**/*.ts"],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // An async JSX event handler is fine: React ignores what it returns.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-unnecessary-condition": "error",
      // Remix loaders and actions throw Responses (and `data()`/`redirect()` results) to end a request early.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "@remix-run/server-runtime", name: "TypedResponse" },
            { from: "package", package: "@remix-run/router", name: "DataWithResponseInit" },
          ],
        },
      ],
    },
  },
  // Scripts and tests match terminal colour codes and control characters on purpose.
  { files: ["scripts/**", "tests/**"], rules: { "no-control-regex": "off" } },
  // Declaration files merge into other packages' types, whose type parameters they must repeat.
  { files: ["**/*.d.ts"], rules: { "@typescript-eslint/no-unused-vars": "off" } },
  { files: ["**/*.js"], languageOptions: { globals: globals.node } },

  // React (the app only): the automatic JSX runtime, the rules of hooks, accessibility.
  {
    files: ["app/**/*.tsx"],
    ...react.configs.flat.recommended,
    settings: { react: { version: "18.3" } },
  },
  { files: ["app/**/*.tsx"], ...react.configs.flat["jsx-runtime"] },
  {
    files: ["app/**/*.tsx"],
    rules: {
      // Props are typed with TypeScript; propTypes would repeat them at run time.
      "react/prop-types": "off",
      // Quotes and apostrophes in JSX text are fine; `>` and `}` there are usually a typo.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
      // A new tab on our own origin (a lab report) may keep the referrer; noopener is what guards the opener.
      "react/jsx-no-target-blank": ["error", { allowReferrer: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["app/**/*.tsx"],
    rules: {
      // A label's text may sit a few elements deep (a thumbnail row: checkbox, image, name, size).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 4 }],
    },
  },

  // Imports: one import per module; packages, then `~/` and `~db/` aliases, then relative paths; no cycles.
  {
    plugins: { "import-x": importX },
    settings: {
      // Without these, import-x resolves no .ts/.tsx module an import names.
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "import-x/no-duplicates": "error",
      // Import cycles are `npm run lint:cycles` (madge), which counts type-only imports too.
      "import-x/order": [
        "error",
        {
          groups: [["builtin", "external"], "internal", ["parent", "sibling", "index"]],
          pathGroups: [{ pattern: "{~,~db}/**", group: "internal" }],
          "newlines-between": "ignore",
        },
      ],
    },
  },
);
