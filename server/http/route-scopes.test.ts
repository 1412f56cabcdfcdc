// The scope table in docs/automation.md is the one the server enforces: every route the server
// lets a key call is on the page with its scope, and the page lists no other.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { ROUTE_SCOPES } from './route-scopes';

it('is the table docs/automation.md shows', async () => {
  const page = await readFile(new URL('../../docs/automation.md', import.meta.url), 'utf8');
  const documented = Object.fromEntries(
    [...page.matchAll(/^\| `((?:GET|POST|PUT|PATCH|DELETE) [^`]+)` \| `([a-z:]+)` \|$/gmu)].map(
      ([, route, scope]) => [route, scope],
    ),
  );
  expect(documented).toEqual(ROUTE_SCOPES);
});
