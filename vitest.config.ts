// Unit and integration tests. Server tests run in Node against a real embedded PostgreSQL that
// test/global-setup.ts starts once; client tests run in happy-dom.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname, 'client'),
  '@shared': path.resolve(import.meta.dirname, 'shared'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at once even on two cores (vitest's default there is one): most of a server test's
    // time is spent waiting (renders in ffmpeg, queues, HTTP), and each file has a database of its
    // own. Measured: 528 s against 823 s for the whole suite. Set here, not per project, because
    // vitest refuses projects that differ in maxWorkers but share a run group.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          // One process runs many server files in turn, importing the server once instead of per
          // file (server files share no module state a file would notice: none mocks, each has its
          // own database and runtime). Measured on server/features, http and storage: 230 s
          // against 172 s, the imports' share from 77 s to 11 s. Client files stay isolated: they
          // share a DOM.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['client/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
