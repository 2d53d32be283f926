import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
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
