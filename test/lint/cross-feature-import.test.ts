// The client's layers are enforced by lint, not by review: this runs the project's own Biome
// configuration on the fixture files in test/fixtures/lint, each put where it would sit in the
// client, and checks which imports it refuses. (The fixtures end in .fixture, so neither lint nor
// the type checker reads them where they are.)
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');
const fixtures = path.join(repoRoot, 'test/fixtures/lint');

interface LintDiagnostic {
  category: string;
  message: string;
  location: { path: string };
}

let sandbox: string;
let configText: string;

beforeAll(async () => {
  sandbox = await mkdtemp(path.join(tmpdir(), 'reelforge-lint-'));
  const config = JSON.parse(await readFile(path.join(repoRoot, 'biome.json'), 'utf8'));
  delete config.$schema;
  configText = JSON.stringify(config);
});

afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

/** Puts fixture `name` at `relativePath` in an otherwise empty client and lints it. */
async function lintOne(relativePath: string, name: string): Promise<LintDiagnostic[]> {
  const source = await readFile(path.join(fixtures, `${name}.fixture`), 'utf8');
  const dir = await mkdtemp(path.join(sandbox, 'case-'));
  await writeFile(path.join(dir, 'biome.json'), configText);
  await mkdir(path.dirname(path.join(dir, relativePath)), { recursive: true });
  await writeFile(path.join(dir, relativePath), source);
  const output = await run(biome, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
    cwd: dir,
  }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  const report = JSON.parse(output.stdout.slice(output.stdout.indexOf('{'))) as {
    diagnostics: LintDiagnostic[];
  };
  return report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports');
}

describe('client layers (biome noRestrictedImports)', () => {
  it('fails a feature that imports another feature, naming the way out', async () => {
    const found = await lintOne(
      'client/features/jobs/components/job-card.tsx',
      'feature-imports-feature.tsx',
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain('A feature never imports another feature');
    expect(found[0]?.location.path).toBe('client/features/jobs/components/job-card.tsx');
  });

  it('fails a feature that imports client/app/', async () => {
    const found = await lintOne(
      'client/features/library/library-page.tsx',
      'feature-imports-app.tsx',
    );
    expect(found.map((d) => d.message)).toEqual([
      'client/app/ composes features; a feature never imports it (docs/client.md, Layers).',
    ]);
  });

  it('fails an entity that imports a feature', async () => {
    const found = await lintOne(
      'client/entities/videos/video-title.ts',
      'entity-imports-feature.ts',
    );
    expect(found).toHaveLength(1);
  });

  it('lets a feature use entities and shared parts, and app/ compose features', async () => {
    const inFeature = await lintOne(
      'client/features/jobs/components/job-card.tsx',
      'feature-uses-entities.tsx',
    );
    const inApp = await lintOne(
      'client/app/profile/profile-screen.tsx',
      'app-composes-features.tsx',
    );
    expect(inFeature).toEqual([]);
    expect(inApp).toEqual([]);
  });
});
