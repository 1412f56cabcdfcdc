// The server's layers hold by themselves: the folder-level import graph (type-only imports
// included) has no arrow pointing up or sideways, biome.json carries the rules SERVER_LAYERS
// writes, and each rule refuses, on fixture files put where they would sit, what it should.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  biomeLayerOverrides,
  cycles,
  edgesOf,
  importArrows,
  isServerLayerOverride,
  misplacedArrows,
  SERVER_LAYERS,
} from '../../scripts/server-layers';
import { createLintSandbox, repoRoot } from './lint-sandbox';

const RESTRICTED = 'lint/style/noRestrictedImports';

let sandbox: Awaited<ReturnType<typeof createLintSandbox>>;

beforeAll(async () => {
  sandbox = await createLintSandbox();
});

afterAll(async () => {
  await sandbox.dispose();
});

describe('the server folder graph', () => {
  it('has no arrow pointing up or sideways, and no cycle', async () => {
    const arrows = await importArrows({ withTypes: true });
    const misplaced = misplacedArrows(arrows).map(
      (arrow) => `${arrow.from} → ${arrow.to} (${arrow.file} imports ${arrow.target})`,
    );
    expect(misplaced).toEqual([]);
    expect(cycles(edgesOf(arrows))).toEqual([]);
    // The graph is real: the features use the layers below them.
    expect(arrows.some((arrow) => arrow.from === 'features' && arrow.to === 'db')).toBe(true);
  });

  it('puts every top-level folder of server/ in a layer', async () => {
    const { readdir } = await import('node:fs/promises');
    const entries = await readdir(path.join(repoRoot, 'server'), { withFileTypes: true });
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const placed = SERVER_LAYERS.flatMap((layer) => layer.folders);
    expect(folders.filter((folder) => !placed.includes(folder))).toEqual([]);
  });

  it('is what biome.json enforces (regenerate with scripts/server-layers.ts --write)', async () => {
    const config = JSON.parse(await readFile(path.join(repoRoot, 'biome.json'), 'utf8'));
    expect(config.overrides.filter(isServerLayerOverride)).toEqual(biomeLayerOverrides());
    expect(config.linter.rules.suspicious.noImportCycles).toEqual({
      level: 'error',
      options: { ignoreTypes: true },
    });
  });
});

describe('server layer rules (biome noRestrictedImports)', () => {
  const refusals = async (where: string, fixture: string) =>
    (await sandbox.lint({ [where]: fixture }, [RESTRICTED])).map((d) => d.message);

  it('refuses infrastructure importing a feature or the composition root, types included', async () => {
    const feature = await refusals('server/media/renderer.ts', 'server-infra-imports-feature.ts');
    expect(feature).toHaveLength(1);
    expect(feature[0]).toContain('server/media/ sits in the layer "services over them"');
    const app = await refusals('server/realtime/socket-server.ts', 'server-infra-names-app.ts');
    expect(app).toHaveLength(1);
    expect(app[0]).toContain('server/realtime/');
  });

  it('refuses the base importing any folder, and a layer importing a neighbour or a layer above', async () => {
    expect(await refusals('server/config.ts', 'server-config-imports-db.ts')).toHaveLength(1);
    expect(await refusals('server/db/client.ts', 'server-db-imports-http.ts')).toHaveLength(1);
    expect(await refusals('server/http/error-handler.ts', 'server-http-imports-media.ts')).toEqual([
      expect.stringContaining('it never imports its own layer'),
    ]);
  });

  it('refuses generation importing a feature, and a feature importing app/', async () => {
    expect(
      await refusals('server/generation/pipeline.ts', 'server-generation-imports-feature.ts'),
    ).toHaveLength(1);
    expect(
      await refusals('server/features/videos/routes.ts', 'server-feature-imports-app.ts'),
    ).toHaveLength(1);
  });

  it("refuses a feature reaching into another feature's files, at any depth", async () => {
    const flat = await refusals(
      'server/features/payments/service.ts',
      'server-feature-imports-repository.ts',
    );
    const nested = await refusals(
      'server/features/publishing/platforms/tiktok.ts',
      'server-nested-feature-imports-repository.ts',
    );
    for (const found of [flat, nested]) {
      expect(found).toEqual([
        expect.stringContaining(
          "A feature imports another feature only through that feature's index.ts",
        ),
      ]);
    }
  });

  it("lets a feature use another's index and the layers below, and app/ compose everything", async () => {
    expect(
      await refusals('server/features/videos/service.ts', 'server-feature-uses-index.ts'),
    ).toEqual([]);
    expect(await refusals('server/app/context.ts', 'server-app-composes.ts')).toEqual([]);
  });

  it('refuses an import cycle between files', async () => {
    const found = await sandbox.lint(
      {
        'server/media/cycle-a.ts': 'server-cycle-a.ts',
        'server/media/cycle-b.ts': 'server-cycle-b.ts',
      },
      ['lint/suspicious/noImportCycles'],
    );
    expect(found.map((d) => d.location.path).sort()).toEqual([
      'server/media/cycle-a.ts',
      'server/media/cycle-b.ts',
    ]);
  });
});
