import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import boundaries from '../../tools/eslint-import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = fileURLToPath(new URL('../..', import.meta.url));
const options = [
  {
    basePath: root,
    zones: [
      { target: './src/app', from: ['./src/server'], message: 'app never imports server' },
      { target: './src/app/features/enroll', from: ['./src/app/features'], except: ['./enroll'], message: 'features never import each other' },
    ],
  },
];
const file = (path: string) => `${root}${path}`;

new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } }).run('no-restricted-paths', boundaries.rules['no-restricted-paths'], {
  valid: [
    { filename: file('src/app/features/enroll/enroll-page.tsx'), code: "import a from './components/form';", options },
    { filename: file('src/app/features/enroll/api/add.ts'), code: "import a from '../../../../contract/loyalty-member';", options },
    { filename: file('src/server/app.ts'), code: "import a from './routes';", options },
    { filename: file('src/app/lib/x.ts'), code: "import z from 'zod';", options },
  ],
  invalid: [
    { filename: file('src/app/lib/x.ts'), code: "import a from '../../server/app';", options, errors: [{ message: 'app never imports server' }] },
    { filename: file('src/app/features/enroll/components/f.tsx'), code: "export * from '../../segments/api/x';", options, errors: [{ message: 'features never import each other' }] },
    { filename: file('src/app/features/enroll/x.ts'), code: "const m = import('../tokens/tokens-page');", options, errors: [{ message: 'features never import each other' }] },
  ],
});

/** The repository's own config, not just the rule: the rooms that must stay apart (docs/architecture.md). */
describe('eslint.config.js boundaries', () => {
  const lintImport = async (filePath: string, code: string) => {
    const { ESLint } = await import('eslint');
    const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: file(filePath) });
    return result.messages.filter((message) => message.ruleId === 'boundaries/no-restricted-paths').map((message) => message.message);
  };

  it.each([
    ['src/proxy/x.ts', "import { buildApp } from '../server/app';\n", /proxy is its own process/],
    ['src/proxy/auth/x.ts', "import { newId } from '../../server/db/repositories/customers';\n", /proxy is its own process/],
    ['src/platform/x.ts', "import { buildApp } from '../server/app';\n", /src\/platform is shared/],
    ['src/platform/db/x.ts', "import { x } from '../../proxy/app';\n", /src\/platform is shared/],
    ['src/app/lib/x.ts', "import { newId } from '../../platform/ids';\n", /never imports server code/],
  ])('%s may not import %s', async (filePath, code, message) => {
    expect(await lintImport(filePath, code)).toEqual([expect.stringMatching(message)]);
  });

  it('lets the service reach a capability module through its index.ts only', async () => {
    expect(await lintImport('src/server/services/x.ts', "import { splitProportionally } from '../discounts/exact-money';\n")).toEqual([expect.stringMatching(/src\/server\/discounts is a module/)]);
    expect(await lintImport('src/server/app.ts', "export * from './discounts/cart-state';\n")).toEqual([expect.stringMatching(/src\/server\/discounts is a module/)]);
    expect(await lintImport('src/server/services/x.ts', "import { calculateDiscounts } from '../discounts';\n")).toEqual([]);
    expect(await lintImport('src/server/services/x.ts', "import { calculateDiscounts } from '../discounts/index';\n")).toEqual([]);
    expect(await lintImport('src/server/discounts/x.ts', "import { splitProportionally } from './exact-money';\n")).toEqual([]);
  });

  it('lets the proxy and the service import the platform room', async () => {
    expect(await lintImport('src/proxy/x.ts', "import { newId } from '../platform/ids';\n")).toEqual([]);
    expect(await lintImport('src/server/x.ts', "import { newId } from '../platform/ids';\n")).toEqual([]);
  });
});
