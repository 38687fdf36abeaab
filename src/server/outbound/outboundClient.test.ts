import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboundError } from '../errors.js';
import { statusOf } from '../http/errorHandler.js';
import { checkOutboundUrl, createOutboundClient, isPublicAddress } from './outboundClient.js';

interface TestServer {
  url: string;
  port: number;
  /** Requests received, in order. */
  seen: http.IncomingMessage[];
  bodies: string[];
}

const servers: http.Server[] = [];

async function startServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const seen: http.IncomingMessage[] = [];
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      handler(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, seen, bodies };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

const trusting = createOutboundClient({ allowPrivate: true, userAgent: 'coverage-map-test/1' });
const guarded = createOutboundClient({ allowPrivate: false, userAgent: 'coverage-map-test/1' });
const limits = { timeoutMs: 2000, maxBytes: 64 * 1024 };

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '11.0.0.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['localhost', 'a name, not an address'],
    ['', 'empty text'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('outbound client', () => {
  it('fetches a local server when private addresses are allowed, sending method, headers and body', async () => {
    const server = await startServer((_req, res) => {
      res.setHeader('x-answer', '42');
      res.end('hello');
    });

    const response = await trusting.request(`${server.url}/path?q=1`, {
      method: 'POST',
      headers: { 'X-Custom': 'yes', 'Content-Type': 'text/plain' },
      body: 'payload',
      ...limits,
    });

    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('hello');
    expect(response.headers['x-answer']).toBe('42');
    expect(response.url).toBe(`${server.url}/path?q=1`);
    const [seen] = server.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/path?q=1');
    expect(seen?.headers['x-custom']).toBe('yes');
    expect(seen?.headers['user-agent']).toBe('coverage-map-test/1');
    expect(server.bodies).toEqual(['payload']);
  });

  it('refuses a loopback address without connecting when private addresses are not allowed', async () => {
    const server = await startServer((_req, res) => res.end('secret'));

    const error = await failure(guarded.request(server.url, limits));

    expect(error.message).toBe('Refused to fetch 127.0.0.1: private or local network addresses are not allowed');
    expect(error.kind).toBe('refused');
    expect(statusOf(error)).toBe(400);
    expect(server.seen).toHaveLength(0);
  });

  it('refuses a host name that resolves to a loopback address, checked at connection time', async () => {
    const server = await startServer((_req, res) => res.end('secret'));

    const error = await failure(guarded.request(`http://localhost:${server.port}/`, limits));

    expect(error.message).toBe('Refused to fetch localhost: private or local network addresses are not allowed');
    expect(server.seen).toHaveLength(0);
  });

  it('refuses the IPv6 loopback address', async () => {
    const error = await failure(guarded.request('http://[::1]:8080/', limits));

    expect(error.message).toBe('Refused to fetch [::1]: private or local network addresses are not allowed');
  });

  it('refuses the cloud metadata address and its IPv4-mapped IPv6 form', async () => {
    expect((await failure(guarded.request('http://169.254.169.254/latest/meta-data/', limits))).kind).toBe('refused');
    expect((await failure(guarded.request('http://[::ffff:169.254.169.254]/', limits))).kind).toBe('refused');
  });

  it('refuses schemes other than http and https, and text that is not a URL', async () => {
    expect((await failure(trusting.request('file:///etc/passwd', limits))).message).toBe('Only http and https URLs can be fetched, not file');
    expect((await failure(trusting.request('ftp://example.com/x', limits))).kind).toBe('invalid_url');
    expect((await failure(trusting.request('not a url', limits))).message).toBe('"not a url" is not a valid URL');
  });

  it('follows relative and absolute redirects and reports the final URL', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/start') res.writeHead(302, { location: '/middle' }).end();
      else if (req.url === '/middle') res.writeHead(301, { location: `http://127.0.0.1:${(req.socket.localPort ?? 0).toString()}/end` }).end();
      else res.end(`arrived at ${req.url}`);
    });

    const response = await trusting.request(`${server.url}/start`, limits);

    expect(response.body.toString()).toBe('arrived at /end');
    expect(response.url).toBe(`${server.url}/end`);
  });

  it('turns a POST redirected with 303 into a GET without the body', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/form') res.writeHead(303, { location: '/done' }).end();
      else res.end(req.method);
    });

    const response = await trusting.request(`${server.url}/form`, { method: 'POST', body: 'a=1', ...limits });

    expect(response.body.toString()).toBe('GET');
    expect(server.bodies).toEqual(['a=1', '']);
  });

  it('drops credentials when a redirect leaves the origin', async () => {
    const target = await startServer((_req, res) => res.end('ok'));
    const origin = await startServer((_req, res) => res.writeHead(302, { location: `http://localhost:${target.port}/` }).end());

    await trusting.request(origin.url, { headers: { Authorization: 'Bearer secret', 'X-Api-Key': 'k', Accept: 'application/json' }, ...limits });

    expect(origin.seen[0]?.headers.authorization).toBe('Bearer secret');
    const redirected = target.seen[0]?.headers;
    expect(redirected?.authorization).toBeUndefined();
    expect(redirected?.['x-api-key']).toBeUndefined();
    expect(redirected?.accept).toBe('application/json');
  });

  it('refuses a redirect to a private address, checking every hop', async () => {
    // 127.0.0.1 stands in for a public server; every other address counts as private.
    const client = createOutboundClient({ allowPrivate: false, userAgent: 'test', addressPolicy: (a) => a === '127.0.0.1' });
    const server = await startServer((req, res) => {
      if (req.url === '/public') res.writeHead(302, { location: '/still-public' }).end();
      else res.writeHead(307, { location: 'http://10.0.0.5/admin' }).end();
    });

    const error = await failure(client.request(`${server.url}/public`, limits));

    expect(error.message).toBe('Refused to fetch 10.0.0.5: private or local network addresses are not allowed');
    expect(server.seen.map((r) => r.url)).toEqual(['/public', '/still-public']);
  });

  it('follows five redirects but not a sixth', async () => {
    const server = await startServer((req, res) => {
      const hop = Number(req.url?.slice(1));
      res.writeHead(302, { location: `/${hop + 1}` }).end(String(hop));
    });
    const endAfterFive = await startServer((req, res) => {
      const hop = Number(req.url?.slice(1));
      if (hop < 5) res.writeHead(302, { location: `/${hop + 1}` }).end();
      else res.end('five');
    });

    expect((await trusting.request(`${endAfterFive.url}/0`, limits)).body.toString()).toBe('five');
    const error = await failure(trusting.request(`${server.url}/0`, limits));
    expect(error.message).toBe('Could not reach 127.0.0.1: more than 5 redirects');
  });

  it('refuses a response whose declared length is over the limit', async () => {
    const server = await startServer((_req, res) => res.end(Buffer.alloc(2048, 'x')));

    const error = await failure(trusting.request(server.url, { timeoutMs: 2000, maxBytes: 1024 }));

    expect(error.message).toBe('The response from 127.0.0.1 is larger than 1 KB');
    expect(error.kind).toBe('too_large');
  });

  it('stops reading a streamed response once it passes the limit', async () => {
    const server = await startServer((_req, res) => {
      res.write(Buffer.alloc(1024 * 1024, 'x'));
      res.end(Buffer.alloc(1024 * 1024, 'x'));
    });

    const error = await failure(trusting.request(server.url, { timeoutMs: 2000, maxBytes: 1024 * 1024 }));

    expect(error.message).toBe('The response from 127.0.0.1 is larger than 1 MB');
  });

  it('accepts a response of exactly the limit', async () => {
    const server = await startServer((_req, res) => res.end(Buffer.alloc(1000, 'x')));

    const response = await trusting.request(server.url, { timeoutMs: 2000, maxBytes: 1000 });

    expect(response.body).toHaveLength(1000);
  });

  it('decompresses gzip, and applies the limit to the decompressed size', async () => {
    const server = await startServer((req, res) => {
      res.setHeader('content-encoding', 'gzip');
      res.end(zlib.gzipSync(req.url === '/bomb' ? Buffer.alloc(10 * 1024 * 1024) : Buffer.from('{"ok":true}')));
    });

    expect((await trusting.request(server.url, limits)).body.toString()).toBe('{"ok":true}');
    expect((await failure(trusting.request(`${server.url}/bomb`, limits))).kind).toBe('too_large');
  });

  it('reports a corrupt compressed body', async () => {
    const server = await startServer((_req, res) => {
      res.setHeader('content-encoding', 'gzip');
      res.end('definitely not gzip');
    });

    const error = await failure(trusting.request(server.url, limits));

    expect(error.message).toBe('The response from 127.0.0.1 could not be decompressed');
  });

  it('times out a server that never answers', async () => {
    const server = await startServer(() => undefined);

    const started = Date.now();
    const error = await failure(trusting.request(server.url, { timeoutMs: 200, maxBytes: 1024 }));

    expect(error.message).toBe('The request to 127.0.0.1 timed out after 0.2 s');
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('times out a body that stalls after the headers: the limit covers the whole exchange', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
    });

    const error = await failure(trusting.request(server.url, { timeoutMs: 300, maxBytes: 1024 }));

    expect(error.message).toBe('The request to 127.0.0.1 timed out after 0.3 s');
  });

  it('says plainly when nothing listens on the port', async () => {
    const server = await startServer(() => undefined);
    const closed = servers.pop();
    await new Promise<void>((resolve) => closed?.close(() => resolve()));

    const error = await failure(trusting.request(server.url, limits));

    expect(error.message).toBe('Could not reach 127.0.0.1: the connection was refused');
    expect(statusOf(error)).toBe(502);
  });

  it('answers a redirect as it came when asked not to follow redirects', async () => {
    const server = await startServer((req, res) => res.writeHead(req.url === '/moved' ? 302 : 200, { location: '/elsewhere' }).end('moved'));

    const response = await trusting.request(`${server.url}/moved`, { ...limits, method: 'POST', body: '{}', followRedirects: false });

    expect(response.status).toBe(302);
    expect(server.seen.map((req) => req.url)).toEqual(['/moved']);
  });

  it('answers the first maxBytes of a longer body when asked to truncate, declared or streamed', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/declared') return res.end(Buffer.alloc(5000, 'x'));
      res.write(Buffer.alloc(3000, 'y'));
      res.end(Buffer.alloc(3000, 'y'));
    });

    for (const path of ['/declared', '/streamed']) {
      const response = await trusting.request(`${server.url}${path}`, { timeoutMs: 2000, maxBytes: 2000, truncateBody: true });
      expect(response.body, path).toHaveLength(2000);
    }
  });
});

describe('checkOutboundUrl', () => {
  it('refuses private addresses and names resolving to them without connecting, unless private fetches are allowed', async () => {
    for (const url of ['http://127.0.0.1:9/hook', 'http://[::1]/', 'http://localhost/hook', 'https://10.1.2.3/']) {
      const error = await failure(checkOutboundUrl(url, { allowPrivate: false }));
      expect(error.kind, url).toBe('refused');
      await expect(checkOutboundUrl(url, { allowPrivate: true })).resolves.toBeUndefined();
    }
  });

  it('passes public addresses, and refuses what is not an http(s) URL', async () => {
    await expect(checkOutboundUrl('https://93.184.216.34/hook', { allowPrivate: false })).resolves.toBeUndefined();
    expect((await failure(checkOutboundUrl('ftp://example.com/', { allowPrivate: false }))).kind).toBe('invalid_url');
    expect((await failure(checkOutboundUrl('not a url', { allowPrivate: true }))).kind).toBe('invalid_url');
  });
});
