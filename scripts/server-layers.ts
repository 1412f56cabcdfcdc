// The server's layers, in one place: which top-level folder of server/ sits in which layer, the
// folder-level import graph (type-only imports included: a layer does not even name what sits
// above it), the arrows that point up, and the Biome overrides that refuse such imports as they are
// written. Used by test/lint/server-layers.test.ts, `node --import tsx scripts/import-graph.ts` and
// `node --import tsx scripts/server-layers.ts --write` (which writes the overrides into biome.json).
import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');
const server = path.join(repoRoot, 'server');

/**
 * Bottom to top. A folder imports only from layers below its own (and from itself); folders that
 * share a layer do not import each other. `(root)` is the files directly in server/ (configuration,
 * logging, errors, the clock, limits).
 */
export const SERVER_LAYERS: { name: string; folders: string[] }[] = [
  { name: 'base', folders: ['(root)', 'outbound'] },
  { name: 'stores and threads', folders: ['db', 'storage', 'queue', 'render-threads'] },
  { name: 'services over them', folders: ['http', 'mail', 'media'] },
  { name: 'voice and sockets', folders: ['voice', 'realtime'] },
  { name: 'generation', folders: ['generation'] },
  { name: 'features', folders: ['features'] },
  { name: 'composition root', folders: ['app'] },
];

export function layerOf(folder: string): number {
  const index = SERVER_LAYERS.findIndex((layer) => layer.folders.includes(folder));
  if (index < 0) throw new Error(`server/${folder} is in no layer: add it to SERVER_LAYERS`);
  return index;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      const source = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts');
      return Promise.resolve(source ? [full] : []);
    }),
  );
  return files.flat();
}

/** The folder a file belongs to: its top-level folder of server/, or `features/{name}`. */
export function folderOf(file: string, byFeature = false): string | null {
  const relative = path.relative(server, file);
  if (relative.startsWith('..')) return null;
  const parts = relative.split(path.sep);
  if (parts.length === 1) return '(root)';
  if (byFeature && parts[0] === 'features' && parts.length >= 2) return `features/${parts[1]}`;
  return parts[0] ?? null;
}

/** Relative imports of a file; type-only ones only when asked for. */
function importsOf(text: string, withTypes: boolean): string[] {
  const found: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gmu;
  for (const match of text.matchAll(pattern)) {
    if (match[1] && !withTypes) continue;
    if (match[2]) found.push(match[2]);
  }
  for (const match of text.matchAll(/^\s*import\s+'([^']+)'/gmu))
    if (match[1]) found.push(match[1]);
  return found.filter((target) => target.startsWith('.'));
}

export type ImportArrow = { from: string; to: string; file: string; target: string };

/** Every import between two different folders of server/ (tests left out). */
export async function importArrows(
  options: { byFeature?: boolean; withTypes?: boolean } = {},
): Promise<ImportArrow[]> {
  const arrows: ImportArrow[] = [];
  for (const file of await sourceFiles(server)) {
    const from = folderOf(file, options.byFeature);
    if (!from) continue;
    for (const target of importsOf(await readFile(file, 'utf8'), options.withTypes ?? true)) {
      const to = folderOf(path.resolve(path.dirname(file), target), options.byFeature);
      if (!to || to === from) continue;
      arrows.push({ from, to, file: path.relative(server, file), target });
    }
  }
  return arrows;
}

/** Arrows that point up, or sideways within a layer. */
export function misplacedArrows(arrows: ImportArrow[]): ImportArrow[] {
  return arrows.filter((arrow) => layerOf(arrow.to) >= layerOf(arrow.from));
}

/** Strongly connected groups of more than one folder (Tarjan). */
export function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const groups: string[][] = [];
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((set) => [...set])]);
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) {
          onStack.delete(member);
          group.push(member);
        }
      } while (member && member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...nodes].sort()) if (!indices.has(node)) visit(node);
  return groups;
}

export function edgesOf(arrows: ImportArrow[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of arrows) {
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)?.add(to);
  }
  return edges;
}

// --- The Biome overrides ------------------------------------------------------------------------

type Override = {
  includes: string[];
  linter: { rules: { style: { noRestrictedImports: unknown } } };
};

const restrict = (includes: string[], patterns: { group: string[]; message: string }[]) => ({
  includes,
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});

/**
 * One override per folder: it may not import a folder of its own layer or above. The server
 * imports by relative path, so a folder is matched by name at any depth (`**\/media/**`); each
 * folder's name is unique in server/. Tests are left out: they may set up with any layer.
 */
export function biomeLayerOverrides(): Override[] {
  const overrides: Override[] = [];
  let featuresLayer: { group: string[]; message: string } | null = null;
  for (const [rank, layer] of SERVER_LAYERS.entries()) {
    const barred = SERVER_LAYERS.slice(rank).flatMap((above) => above.folders);
    for (const folder of layer.folders) {
      const others = barred.filter((name) => name !== folder && name !== '(root)');
      if (others.length === 0) continue;
      const includes =
        folder === '(root)'
          ? ['server/*.ts', '!server/*.test.ts']
          : [`server/${folder}/**`, '!**/*.test.ts'];
      const group = others.flatMap((name) =>
        name === 'features' ? ['**/features', '**/features/**'] : [`**/${name}/**`],
      );
      const pattern = {
        group,
        message: `server/${folder === '(root)' ? '*.ts' : `${folder}/`} sits in the layer "${layer.name}"; it never imports its own layer's neighbours or a layer above (${others.join(', ')}). Pass what it needs in from above, or move the shared part down (docs/server.md, Layers).`,
      };
      if (folder === 'features') featuresLayer = pattern;
      overrides.push(restrict(includes, [pattern]));
    }
  }
  // A feature imports another only through its index.ts: `../other` (or `../other/index`), never
  // a file inside it. Features sit at most two folders deep. A later override replaces an earlier
  // one's options for the same rule, so these carry the features' layer rule too.
  const crossFeature =
    "A feature imports another feature only through that feature's index.ts (`../videos`, not `../videos/repository`); repositories never leave their feature (docs/server.md, Layers).";
  const layerRule = featuresLayer ? [featuresLayer] : [];
  overrides.push(
    restrict(
      ['server/features/*/*.ts', '!**/*.test.ts'],
      [...layerRule, { group: ['../*/**', '!../*/index', '!../../**'], message: crossFeature }],
    ),
    restrict(
      ['server/features/*/*/*.ts', '!**/*.test.ts'],
      [
        ...layerRule,
        { group: ['../../*/**', '!../../*/index', '!../../../**'], message: crossFeature },
      ],
    ),
  );
  return overrides;
}

/** Whether an override of biome.json is one of the server's layer rules (written by --write). */
export function isServerLayerOverride(override: { includes?: string[] }): boolean {
  return (override.includes ?? []).some((glob) => glob.startsWith('server/'));
}

if (process.argv[1] === import.meta.filename && process.argv.includes('--write')) {
  const file = path.join(repoRoot, 'biome.json');
  const config = JSON.parse(await readFile(file, 'utf8'));
  config.overrides = [
    ...config.overrides.filter(
      (override: { includes?: string[] }) => !isServerLayerOverride(override),
    ),
    ...biomeLayerOverrides(),
  ];
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
  // Biome's own formatter has the last word on the file's layout.
  execFileSync(path.join(repoRoot, 'node_modules/.bin/biome'), ['format', '--write', file]);
  process.stdout.write('biome.json: server layer overrides written\n');
}
