// Prints, as one JSON line, the renderer's time against a bare ffmpeg encode (for scripts/bench.mjs).
import { benchRenderer } from '../server/media/bench';

const results = await benchRenderer();
process.stdout.write(`${JSON.stringify(results)}\n`);
