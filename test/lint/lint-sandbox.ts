// Runs the project's own biome.json on files put where they would sit in the tree, in an otherwise
// empty project under the system's temp folder, and answers Biome's diagnostics. The lint tests use
// it to prove each layer rule refuses what it should and lets the rest through.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = path.resolve(import.meta.dirname, '../..');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');
const fixtures = path.join(repoRoot, 'test/fixtures/lint');

export interface LintDiagnostic {
  category: string;
  message: string;
  location: { path: string };
}

export async function createLintSandbox() {
  const sandbox = await mkdtemp(path.join(tmpdir(), 'reelforge-lint-'));
  const config = JSON.parse(await readFile(path.join(repoRoot, 'biome.json'), 'utf8'));
  delete config.$schema;
  const configText = JSON.stringify(config);

  return {
    /**
     * Puts each fixture (`{name}.fixture` in test/fixtures/lint) at its path and lints them
     * together; answers the diagnostics of the given categories.
     */
    async lint(files: Record<string, string>, categories: string[]): Promise<LintDiagnostic[]> {
      const dir = await mkdtemp(path.join(sandbox, 'case-'));
      await writeFile(path.join(dir, 'biome.json'), configText);
      for (const [relativePath, name] of Object.entries(files)) {
        const source = await readFile(path.join(fixtures, `${name}.fixture`), 'utf8');
        await mkdir(path.dirname(path.join(dir, relativePath)), { recursive: true });
        await writeFile(path.join(dir, relativePath), source);
      }
      const output = await run(biome, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
        cwd: dir,
      }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
      const report = JSON.parse(output.stdout.slice(output.stdout.indexOf('{'))) as {
        diagnostics: LintDiagnostic[];
      };
      return report.diagnostics.filter((d) => categories.includes(d.category));
    },
    dispose: () => rm(sandbox, { recursive: true, force: true }),
  };
}
