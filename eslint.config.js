// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint-import-boundaries.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * docs/architecture.md: features never import each other. One zone per feature folder, read from disk,
 * so a new feature is covered the day it is created.
 */
function featureZones() {
  let features;
  try {
    features = readdirSync(new URL('./src/app/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
  return features.map((feature) => ({
    target: `./src/app/features/${feature}`,
    from: ['./src/app/features'],
    except: [`./${feature}`],
    message: 'Features never import each other (docs/architecture.md): move what both need to src/app/components, lib or config, or compose them in src/app/router.tsx.',
  }));
}

/** The service's capability modules (docs/architecture.md, "Discounts"): the rest of the service reaches one through its index.ts only. */
const capabilityModules = ['discounts'];

function moduleZones() {
  const server = new URL('./src/server/', import.meta.url);
  let entries;
  try {
    entries = readdirSync(server);
  } catch {
    return [];
  }
  return capabilityModules.flatMap((module) => {
    const insides = readdirSync(new URL(`${module}/`, server))
      .filter((entry) => entry !== 'index.ts')
      .map((entry) => `./src/server/${module}/${entry.replace(/\.tsx?$/, '')}`);
    return entries
      .filter((entry) => entry !== module)
      .map((entry) => ({
        target: `./src/server/${entry}`,
        from: insides,
        message: `src/server/${module} is a module: import it through its index.ts (docs/architecture.md), never its files.`,
      }));
  });
}

/** docs/architecture.md: imports flow one way; app and server only meet in src/contract. */
const boundaryZones = [
  {
    target: './src/app',
    from: ['./src/server', './src/proxy', './src/cli', './src/platform'],
    message: 'The dashboard never imports server code (docs/architecture.md): share schemas through src/contract.',
  },
  {
    target: './src/server',
    from: ['./src/app'],
    message: 'The service never imports the dashboard (docs/architecture.md).',
  },
  {
    target: './src/proxy',
    from: ['./src/server', './src/app'],
    message: 'The proxy is its own process: it never imports the service (docs/architecture.md). Code both need belongs in src/platform.',
  },
  {
    target: './src/platform',
    from: ['./src/server', './src/proxy', './src/app', './src/cli'],
    message: 'src/platform is shared by the service and the proxy: it imports neither of them (docs/architecture.md).',
  },
  {
    target: './src/contract',
    from: ['./src/app', './src/server', './src/proxy', './src/cli', './src/platform'],
    message: 'src/contract is the shared leaf: it imports neither the app nor the server (docs/architecture.md).',
  },
  ...featureZones(),
  ...moduleZones(),
];

export default defineConfig(
  {
    // Build output, dependencies, runtime data, test reports; `.scratch*` folders are local throwaway work (tsconfig leaves them out too).
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'playwright-report/**', 'test-results/**', 'bench/out/**', 'coverage/**', '.scratch*/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { boundaries },
    rules: {
      'boundaries/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      // `_`-prefixed names are the codebase's way to say "deliberately unused" (callbacks with fixed signatures).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    // Test helpers read arbitrary JSON response bodies; `any` there is a deliberate choice, not a leak into product code.
    files: ['test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser },
    },
    ...reactHooks.configs.flat.recommended,
  },
);
