// The SSRF guard on real sockets: loopback, private and metadata addresses are refused before any
// connection (as literals, through `localhost`, through a resolver that answers a private address),
// a redirect is handed back unfollowed, allowPrivate opens loopback but never metadata, and a
// receiver that never answers is given up on in time.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertPublicUrl,
  classifyAddress,
  createSafeFetch,
  type HostLookup,
  RefusedUrl,
} from './safe-fetch';

/** A local server that counts what reaches it and answers with `answer`. */
async function receiver(answer: (response: http.ServerResponse) => void) {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    answer(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, hits };
}

const answers = (...addresses: string[]): HostLookup => {
  const looked: string[] = [];
  const lookup: HostLookup = async (hostname) => {
    looked.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { looked });
};

let target: Awaited<ReturnType<typeof receiver>>;
let redirecting: Awaited<ReturnType<typeof receiver>>;
let silent: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  target = await receiver((response) => response.end('secret'));
  redirecting = await receiver((response) => {
    response.writeHead(302, { location: `http://127.0.0.1:${target.port}/internal` });
    response.end();
  });
  // Holds every request open: only the time limit ends it.
  silent = await receiver(() => undefined);
});

afterAll(async () => {
  for (const { server } of [target, redirecting, silent]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The refusal `promise` ends in, or a failure when it resolves. */
async function refusal(promise: Promise<unknown>): Promise<RefusedUrl> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RefusedUrl);
  return error as RefusedUrl;
}

describe('classifyAddress', () => {
  it.each([
    ['93.184.215.14', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'private'],
    ['::1', 'private'],
    ['10.0.0.5', 'private'],
    ['172.16.3.4', 'private'],
    ['192.168.1.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:93.184.215.14', 'public'],
    ['169.254.169.254', 'forbidden'],
    ['::ffff:169.254.169.254', 'forbidden'],
    ['fd00:ec2::254', 'forbidden'],
    ['fe80::1', 'forbidden'],
    ['100.100.100.200', 'forbidden'],
    ['0.0.0.0', 'forbidden'],
    ['::', 'forbidden'],
    ['::7f00:1', 'forbidden'],
    ['64:ff9b::a00:1', 'forbidden'],
    ['2002:7f00:1::', 'forbidden'],
    ['224.0.0.1', 'forbidden'],
    ['255.255.255.255', 'forbidden'],
    ['240.0.0.1', 'forbidden'],
    ['not an address', 'forbidden'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('with the guard on', () => {
  const guarded = createSafeFetch({ timeoutMs: 2000 });
  afterAll(() => guarded.close());

  it('refuses loopback and private literals without connecting', async () => {
    const before = target.hits.length;
    for (const url of [
      `http://127.0.0.1:${target.port}/`,
      `http://[::1]:${target.port}/`,
      `http://[::ffff:127.0.0.1]:${target.port}/`,
      // The URL parser reads these as 127.0.0.1 too.
      `http://2130706433:${target.port}/`,
      `http://0x7f.1:${target.port}/`,
      'http://10.0.0.5/',
    ]) {
      expect((await refusal(guarded.fetch(url))).reason).toBe('notAllowed');
    }
    expect(target.hits.length).toBe(before);
  });

  it('refuses a name that resolves to loopback: localhost', async () => {
    const before = target.hits.length;
    const refused = await refusal(guarded.fetch(`http://localhost:${target.port}/`));
    expect(refused.reason).toBe('notAllowed');
    expect(target.hits.length).toBe(before);
  });

  it('refuses a name whose resolver answers a private address, at connect time', async () => {
    const lookup = answers('10.0.0.5');
    const fetcher = createSafeFetch({ lookup, timeoutMs: 2000 });
    const refused = await refusal(fetcher.fetch('https://hooks.example.com/in'));
    expect(refused.reason).toBe('notAllowed');
    expect(refused.message).toContain('10.0.0.5');
    expect((lookup as unknown as { looked: string[] }).looked).toEqual(['hooks.example.com']);
    await fetcher.close();
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const refused = await refusal(
      assertPublicUrl('https://hooks.example.com/in', {
        lookup: answers('93.184.215.14', '192.168.0.7'),
      }),
    );
    expect(refused.reason).toBe('notAllowed');
  });

  it('checks a URL when it is saved: public passes, private and odd ones do not', async () => {
    await expect(
      assertPublicUrl('https://hooks.example.com/in', { lookup: answers('93.184.215.14') }),
    ).resolves.toBeInstanceOf(URL);
    expect((await refusal(assertPublicUrl('http://127.0.0.1/'))).reason).toBe('notAllowed');
    expect((await refusal(assertPublicUrl('http://localhost/'))).reason).toBe('notAllowed');
    expect((await refusal(assertPublicUrl('ftp://example.com/'))).reason).toBe('invalid');
    expect((await refusal(assertPublicUrl('https://a:b@example.com/'))).reason).toBe('invalid');
    const missing: HostLookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(
      (await refusal(assertPublicUrl('https://no-such-host.invalid/', { lookup: missing }))).reason,
    ).toBe('unresolvable');
  });
});

describe('with allowPrivate', () => {
  const open = createSafeFetch({ allowPrivate: true, timeoutMs: 1000 });
  afterAll(() => open.close());

  it('reaches a loopback receiver, by literal and by name', async () => {
    const byLiteral = await open.fetch(`http://127.0.0.1:${target.port}/a`);
    expect(await byLiteral.text()).toBe('secret');
    const byName = await open.fetch(`http://localhost:${target.port}/b`);
    expect(byName.status).toBe(200);
    await byName.body?.cancel();
  });

  it('hands a redirect back instead of following it to a private address', async () => {
    const before = target.hits.length;
    const response = await open.fetch(`http://127.0.0.1:${redirecting.port}/hook`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain('/internal');
    await response.body?.cancel();
    expect(target.hits.length).toBe(before);
  });

  it('still refuses link-local and cloud metadata addresses', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fe80::1]/',
    ]) {
      expect((await refusal(open.fetch(url))).reason).toBe('notAllowed');
    }
    const metadataName = createSafeFetch({
      allowPrivate: true,
      lookup: answers('169.254.169.254'),
    });
    expect((await refusal(metadataName.fetch('http://metadata.google.internal/'))).reason).toBe(
      'notAllowed',
    );
    await metadataName.close();
    expect(
      (await refusal(assertPublicUrl('http://169.254.169.254/', { allowPrivate: true }))).reason,
    ).toBe('notAllowed');
  });

  it('gives up on a receiver that never answers', async () => {
    const started = Date.now();
    const error = await open.fetch(`http://127.0.0.1:${silent.port}/`).catch((caught) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
