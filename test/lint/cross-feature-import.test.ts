// The client's layers are enforced by lint, not by review: this runs the project's own Biome
// configuration on the fixture files in test/fixtures/lint, each put where it would sit in the
// client, and checks which imports it refuses. (The fixtures end in .fixture, so neither lint nor
// the type checker reads them where they are.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLintSandbox } from './lint-sandbox';

let sandbox: Awaited<ReturnType<typeof createLintSandbox>>;

beforeAll(async () => {
  sandbox = await createLintSandbox();
});

afterAll(async () => {
  await sandbox.dispose();
});

/** Puts fixture `name` at `relativePath` in an otherwise empty client and lints it. */
function lintOne(relativePath: string, name: string) {
  return sandbox.lint({ [relativePath]: name }, ['lint/style/noRestrictedImports']);
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
