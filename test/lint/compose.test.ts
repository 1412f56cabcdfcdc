// compose.yaml, checked without Docker (there is none on our machines): every variable it gives a
// node is a setting the server reads, every image is pinned, the nodes' roles add up to the whole
// service (two API nodes behind the proxy, two workers, one scheduler) with one AUTH_SECRET, the
// migrations run once before any node, and Kokoro is reachable on the internal network only.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROCESS_ROLES, SETTING_NAMES } from '../../server/config';

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  ports?: string[];
  networks?: string[];
  profiles?: string[];
  command?: string[] | string;
  depends_on?: Record<string, { condition: string }> | string[];
  configs?: Array<{ source: string; target: string }>;
};

const repoRoot = path.resolve(import.meta.dirname, '../..');
const compose = parse(await readFile(path.join(repoRoot, 'compose.yaml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, Service>; configs: Record<string, { content: string }> };
const services = Object.entries(compose.services);
const nodes = services.filter(([, service]) => service.environment?.ROLES !== undefined);

describe('compose.yaml', () => {
  it('sets only settings the server reads', () => {
    const known = new Set(SETTING_NAMES);
    for (const [name, service] of services) {
      if (service.image?.startsWith('reelforge/') !== true) continue;
      const unknown = Object.keys(service.environment ?? {}).filter((key) => !known.has(key));
      expect(unknown, `${name} sets variables the server does not read`).toEqual([]);
    }
  });

  it('pins every image', () => {
    for (const [name, service] of services) {
      expect(service.image, `${name} has an image`).toBeTruthy();
      const image = service.image as string;
      const tag = image.slice(image.lastIndexOf('/') + 1).split(':')[1];
      expect(tag, `${name}: ${image} names no tag`).toBeTruthy();
      expect(tag, `${name}: ${image} is not pinned`).not.toBe('latest');
    }
  });

  it('runs the whole service: two API nodes behind the proxy, two workers, one scheduler, one secret', () => {
    const roles = nodes.flatMap(([, service]) =>
      (service.environment?.ROLES ?? '').split(',').map((role) => role.trim()),
    );
    expect(new Set(roles)).toEqual(new Set(PROCESS_ROLES));
    const count = (role: string) => roles.filter((entry) => entry === role).length;
    expect(count('api')).toBe(2);
    expect(count('worker')).toBe(2);
    expect(count('scheduler')).toBe(1);
    const secrets = new Set(nodes.map(([, service]) => service.environment?.AUTH_SECRET));
    expect(secrets.size).toBe(1);
    expect([...secrets][0]).toMatch(/^\$\{AUTH_SECRET:\?/);
    // Every node runs the project's Dockerfile, on one shared database and store.
    for (const [, service] of nodes) {
      expect(service.build).toBe('.');
      expect(service.environment?.DATABASE_URL).toContain('@postgres:5432/');
      expect(service.environment?.S3_ENDPOINT).toBe('http://seaweedfs:8333');
    }
    // The proxy is the only way in, and it sends to both API nodes, sticky by cookie.
    const published = services.filter(([, service]) => (service.ports ?? []).length > 0);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    const caddyfile = compose.configs.caddyfile?.content ?? '';
    const apiNodes = nodes.filter(([, service]) => service.environment?.ROLES === 'api');
    for (const [name] of apiNodes) expect(caddyfile).toContain(`${name}:5000`);
    expect(caddyfile).toMatch(/lb_policy cookie/);
  });

  it('applies the migrations once, before any node starts', () => {
    const migrate = compose.services.migrate;
    expect(migrate?.command).toEqual(['node', 'dist/server/migrate.js']);
    for (const [name, service] of nodes) {
      const dependsOn = service.depends_on as Record<string, { condition: string }>;
      expect(dependsOn.migrate?.condition, name).toBe('service_completed_successfully');
    }
  });

  it('keeps Kokoro behind the voices profile, on the internal network, and wires the voices to it', () => {
    const kokoro = compose.services.kokoro;
    expect(kokoro?.profiles).toEqual(['voices']);
    expect(kokoro?.ports).toBeUndefined();
    expect(kokoro?.networks).toEqual(['internal']);
    for (const [, service] of nodes) {
      expect(service.environment?.TTS_BASE_URL).toContain('http://kokoro:8880/v1');
      expect(service.environment?.TTS_MODEL).toContain('kokoro');
    }
  });
});
