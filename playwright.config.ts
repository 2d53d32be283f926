import { defineConfig } from '@playwright/test';
import { e2eDashboardUserSecret, e2eDataDir, e2eLogFile, e2eProxyPort, e2eSecretsFile, e2eServicePort } from './e2e/support/stack';

const executablePath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium';

/** E2E against the real stack on a fresh PGlite: `npm start`'s code path, on ports of its own. */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // After every spec (even when only some are run), the log of the whole run is scanned for secrets.
  projects: [
    { name: 'e2e', teardown: 'log hygiene' },
    { name: 'log hygiene', testMatch: '**/log-hygiene.teardown.ts' },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${e2eProxyPort}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `rm -rf ${e2eDataDir} ${e2eLogFile} ${e2eSecretsFile} && npx vite build --logLevel error && npx tsx src/cli/start.ts`,
    url: `http://localhost:${e2eProxyPort}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { DATA_DIR: e2eDataDir, PORT: String(e2eServicePort), PROXY_PORT: String(e2eProxyPort), LOG_LEVEL: 'info', LOG_FILE: e2eLogFile, DASHBOARD_USER_SECRET: e2eDashboardUserSecret },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
