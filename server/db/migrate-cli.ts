// Applies the migrations and exits: the compose stack's one-shot `migrate` service runs this once
// before any node starts (each node's own start finds nothing left to do).
import { parseConfig } from '../config';
import { runMigrations } from './migrate';

const config = parseConfig();
if (!config.databaseUrl) {
  process.stderr.write('DATABASE_URL must be set to run the migrations on their own.\n');
  process.exit(1);
}
await runMigrations(config.databaseUrl);
process.stdout.write('migrations applied\n');
