// Prints the server's folder-level import graph: for each top-level folder of server/ (and each
// feature of server/features/), the folders it imports, and the cycles between folders. Type-only
// imports are left out, as Biome's noImportCycles leaves them out. `node --import tsx
// scripts/import-graph.ts [--features]` — the measure issue 37's layering is judged by.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'server');
const byFeature = process.argv.includes('--features');
const withTypes = process.argv.includes('--types');

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

/** The folder a file belongs to: `features/{name}` with --features, else its top-level folder. */
function folderOf(file: string): string | null {
  const relative = path.relative(server, file);
  if (relative.startsWith('..')) return null;
  const parts = relative.split(path.sep);
  if (parts.length === 1) return '(root)';
  if (byFeature && parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0] ?? null;
}

/** Value imports of a file (type-only imports and `import type { … }` left out). */
function importsOf(text: string): string[] {
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

const why = process.argv.includes('--why');
const edges = new Map<string, Set<string>>();
const reasons: string[] = [];
for (const file of await sourceFiles(server)) {
  const from = folderOf(file);
  if (!from) continue;
  for (const target of importsOf(await readFile(file, 'utf8'))) {
    const to = folderOf(path.resolve(path.dirname(file), target));
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)?.add(to);
    reasons.push(`${from} → ${to}: ${path.relative(server, file)} imports ${target}`);
  }
}
if (why) process.stdout.write(`${reasons.sort().join('\n')}\n\n`);

/** Strongly connected groups of more than one folder (Tarjan). */
function cycles(): string[][] {
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

for (const [from, targets] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
  process.stdout.write(`${from} → ${[...targets].sort().join(', ')}\n`);
}
const found = cycles();
process.stdout.write(
  `\n${edges.size} folders import others; ${[...edges.values()].reduce((sum, set) => sum + set.size, 0)} arrows\n`,
);
for (const group of found) {
  process.stdout.write(`cycle of ${group.length}: ${group.join(', ')}\n`);
}
