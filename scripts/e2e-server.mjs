// Starts the built server for the end-to-end tests exactly as `npm start` runs it, on a fresh
// DATA_DIR each time (so the run also proves a cold start on the embedded PostgreSQL).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.DATA_DIR ?? path.join(root, '.tmp', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
