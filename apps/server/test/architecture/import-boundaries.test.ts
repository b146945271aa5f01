import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The layers of ARCHITECTURE.md ("House rules enforced by lint") are ESLint rules of the repository's own
// eslint.config.js: these cases lint small files placed in the layers and expect the breach to be reported.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function ruleIds(relativePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, relativePath) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it('refuses a feature importing another feature, statically or through import()', async () => {
    const file = 'apps/web/src/features/catalog/components/breach.tsx';
    expect(
      await ruleIds(
        file,
        "import { DesignForm } from '../../designs/components/design-form';\nexport { DesignForm };\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(file, "export const load = () => import('../../designs/components/design-form');\n"),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets a feature import its own files, lib and components', async () => {
    const code = [
      "import { Spinner } from '../../../components/ui/spinner';",
      "import { formatMoney } from '../../../lib/money';",
      "import { categoriesQuery } from '../api/catalog-api';",
      'export { Spinner, formatMoney, categoriesQuery };',
      '',
    ].join('\n');
    expect(await ruleIds('apps/web/src/features/catalog/components/fine.tsx', code)).toEqual([]);
  });

  it('refuses lib and components importing a feature', async () => {
    const code =
      "import { categoriesQuery } from '../features/catalog/api/catalog-api';\nexport { categoriesQuery };\n";
    expect(await ruleIds('apps/web/src/lib/breach.ts', code)).toEqual(['import-x/no-restricted-paths']);
    const ui =
      "import { categoriesQuery } from '../../features/catalog/api/catalog-api';\nexport { categoriesQuery };\n";
    expect(await ruleIds('apps/web/src/components/ui/breach.tsx', ui)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses the server platform and db importing a module', async () => {
    const code = "import { listUsers } from '../modules/users/service';\nexport { listUsers };\n";
    expect(await ruleIds('apps/server/src/platform/breach.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    const db = "import { listUsers } from '../../modules/users/service';\nexport { listUsers };\n";
    expect(await ruleIds('apps/server/src/db/schema/breach.ts', db)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("refuses the apps' code importing a devDependency, and lets their tests", async () => {
    const code = "import S3rver from '@20minutes/s3rver';\nexport { S3rver };\n";
    expect(await ruleIds('apps/server/src/platform/breach.ts', code)).toEqual([
      'import-x/no-extraneous-dependencies',
    ]);
    const web = "import { http } from 'msw';\nexport { http };\n";
    expect(await ruleIds('apps/web/src/lib/breach.ts', web)).toEqual(['import-x/no-extraneous-dependencies']);
    expect(await ruleIds('apps/web/src/lib/breach.test.ts', web)).toEqual([]);
    const declared =
      "import pino from 'pino';\nimport { SERVER_MESSAGES } from '@shop/contracts';\nexport { pino, SERVER_MESSAGES };\n";
    expect(await ruleIds('apps/server/src/platform/fine.ts', declared)).toEqual([]);
  });

  describe('cycles', () => {
    const dir = path.join(repoRoot, `apps/server/src/platform/.cycle-fixture-${process.pid}`);
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('refuses an import cycle', async () => {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      await writeFile(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const results = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(results[0]!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
    });
  });
});
