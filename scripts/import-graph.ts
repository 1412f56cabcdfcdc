// Prints the server's folder-level import graph: for each top-level folder of server/ (or each
// feature with --features), the folders it imports, the cycles between folders, and the arrows that
// point up or sideways in SERVER_LAYERS. `node --import tsx scripts/import-graph.ts [--features]
// [--values] [--why]`: --values leaves type-only imports out (as Biome's noImportCycles does), --why
// names the file behind each arrow.
import { cycles, edgesOf, importArrows, misplacedArrows } from './server-layers';

const byFeature = process.argv.includes('--features');
const arrows = await importArrows({ byFeature, withTypes: !process.argv.includes('--values') });
const edges = edgesOf(arrows);

if (process.argv.includes('--why')) {
  for (const arrow of arrows) {
    process.stdout.write(`${arrow.from} → ${arrow.to}: ${arrow.file} imports ${arrow.target}\n`);
  }
  process.stdout.write('\n');
}
for (const [from, targets] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
  process.stdout.write(`${from} → ${[...targets].sort().join(', ')}\n`);
}
const arrowCount = [...edges.values()].reduce((sum, set) => sum + set.size, 0);
process.stdout.write(`\n${edges.size} folders import others; ${arrowCount} arrows\n`);
for (const group of cycles(edges)) {
  process.stdout.write(`cycle of ${group.length}: ${group.join(', ')}\n`);
}
if (!byFeature) {
  const upward = new Set(misplacedArrows(arrows).map(({ from, to }) => `${from} → ${to}`));
  process.stdout.write(`${upward.size} arrows point up or sideways${upward.size ? ':' : ''}\n`);
  for (const arrow of [...upward].sort()) process.stdout.write(`  ${arrow}\n`);
}
