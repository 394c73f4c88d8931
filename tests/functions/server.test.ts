import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SiteServer, startSiteServer } from '../../scripts/lib/server';
import { headersFile } from '../../src/build/security-headers.mjs';

const TILE_ORIGIN = 'https://tiles.example.org';

/** A fake built site: enough pages to exercise clean URLs and the 404 page without running astro build. */
async function fakeSite(root: string, name: string, label: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir);
  await writeFile(join(dir, 'index.html'), `<h1>${label} home</h1>`);
  await writeFile(join(dir, 'about.html'), `<h1>${label} about</h1>`);
  await writeFile(join(dir, 'owner.html'), `<h1>${label} owner</h1>`);
  await writeFile(join(dir, 'staff.html'), `<h1>${label} staff</h1>`);
  await writeFile(join(dir, '404.html'), `<h1>${label} page not found</h1>`);
  // What the build writes beside the pages: the Content-Security-Policy naming the map's tile origin.
  await writeFile(join(dir, '_headers'), headersFile({ tileOrigin: TILE_ORIGIN }));
  return dir;
}

describe('startSiteServer', () => {
  let work: string;
  let server: SiteServer;
  let secondSite: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'site-server-'));
    const firstSite = await fakeSite(work, 'one', 'First');
    secondSite = await fakeSite(work, 'two', 'Second');
    server = await startSiteServer({ siteDir: firstSite, port: 0, log: () => {} });
  });

  afterAll(async () => {
    await server?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('reports the real port it listens on', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('serves index.html at / and clean URLs', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(await home.text()).toContain('First home');
    const about = await fetch(`${server.url}/about`);
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('First about');
  });

  it('gzips text for clients that accept it, as Netlify does, and not for others', async () => {
    const { request } = await import('node:http');
    const { gunzipSync } = await import('node:zlib');
    const get = (encoding: string | null) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
        const headers = encoding ? { 'accept-encoding': encoding } : {};
        request(`${server.url}/about`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', fail)
          .end();
      });
    const zipped = await get('gzip, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toContain('First about');
    const plain = await get(null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('First about');
  });

  it('serves the owner and staff pages, at every address that reaches them, uncached and unindexed', async () => {
    for (const page of ['owner', 'staff'])
      for (const address of [`/${page}`, `/${page}/`, `/${page}.html`]) {
        const res = await fetch(`${server.url}${address}`, { redirect: 'manual' });
        expect(res.status, address).toBeLessThan(400);
        expect(res.headers.get('cache-control'), address).toBe('no-store');
        expect(res.headers.get('x-robots-tag'), address).toMatch(/noindex/);
      }
  });

  it("does not serve the build's _headers file (Netlify never does)", async () => {
    const res = await fetch(`${server.url}/_headers`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Content-Security-Policy');
  });

  it('answers unknown paths with status 404 and the body of 404.html', async () => {
    const response = await fetch(`${server.url}/nope`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('First page not found');
  });

  it('answers a direct request of /404 or /404.html with 404, following the netlify.toml rules', async () => {
    for (const path of ['/404', '/404.html']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('First page not found');
    }
  });

  it("sets netlify.toml's security headers and the build's Content-Security-Policy on pages and on the 404", async () => {
    for (const path of ['/', '/nope']) {
      const response = await fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const policy = response.headers.get('content-security-policy');
      expect(policy).toContain("frame-ancestors 'none'");
      // Images from the site and the tile origin only, never any https: host; one policy, not two.
      expect(policy).toContain(`img-src 'self' data: blob: ${TILE_ORIGIN};`);
      expect(policy).not.toMatch(/https:[;\s]/);
      expect(policy?.split('default-src')).toHaveLength(2);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('runs netlify/functions/health.ts on its config.path', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('lets the function reject other methods with 405 and Allow', async () => {
    const response = await fetch(`${server.url}/api/health`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    await response.arrayBuffer();
  });

  /** One raw HTTP/1.1 exchange, so methods and Host headers fetch would refuse can be sent. */
  const raw = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, unknown> }>((done, fail) => {
      request(`${server.url}${path}`, { method, headers, setHost: !('host' in headers) }, (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers }));
      })
        .on('error', fail)
        .end();
    });

  it('answers 405 with Allow to methods other than GET and HEAD on pages, and to TRACE on functions', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const page = await raw(method, '/about');
      expect([method, page.status, page.headers.allow]).toEqual([method, 405, 'GET, HEAD']);
    }
    const trace = await raw('TRACE', '/api/health');
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, POST');
  });

  it('answers 400 (not 500) to a malformed Host header', async () => {
    expect((await raw('GET', '/about', { host: 'bad host:99999' })).status).toBe(400);
  });

  it('closes the connection after refusing a body it did not read, and the next requests still work', async () => {
    const big = 'x'.repeat(2_000_000);
    const refused = await fetch(`${server.url}/api/listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(refused.status).toBe(413);
    expect(refused.headers.get('connection')).toBe('close');
    await refused.arrayBuffer();
    // A small refused form is drained and its connection kept for the next request.
    const small = await fetch(`${server.url}/api/listings`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(2_000),
    });
    expect(small.status).toBe(415);
    expect(small.headers.get('connection')).not.toBe('close');
    await small.arrayBuffer();
    // Refused uploads interleaved with ordinary requests on reused connections: every request gets its answer.
    const status = async (response: Promise<Response>) => {
      const r = await response;
      await r.arrayBuffer();
      return r.status;
    };
    const rounds = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? status(
              fetch(`${server.url}/api/listings`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: big,
              }),
            )
          : status(fetch(`${server.url}/about`)),
      ),
    );
    expect(rounds).toEqual(Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 413 : 200)));
  });

  it('answers concurrent calls to the same function', async () => {
    const responses = await Promise.all([1, 2, 3].map(() => fetch(`${server.url}/api/health`)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    await Promise.all(responses.map((response) => response.arrayBuffer()));
  });

  it('swaps the served folder', async () => {
    await server.swapSite(secondSite);
    expect(await (await fetch(`${server.url}/`)).text()).toContain('Second home');
    const missing = await fetch(`${server.url}/still-nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Second page not found');
  });
});

describe('SiteServer.close', () => {
  it('stops answering', async () => {
    const work = await mkdtemp(join(tmpdir(), 'site-server-close-'));
    const server = await startSiteServer({
      siteDir: await fakeSite(work, 'site', 'Closing'),
      port: 0,
      log: () => {},
    });
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    await server.close();
    await expect(fetch(`${server.url}/`)).rejects.toThrow();
    await rm(work, { recursive: true, force: true });
  });

  it('leaves nothing running: a script that starts and closes the server exits by itself', async () => {
    const work = await mkdtemp(join(tmpdir(), 'site-server-exit-'));
    const script = join(work, 'start-and-close.mts');
    const serverModule = resolve('scripts/lib/server.ts');
    await writeFile(
      script,
      `import { startSiteServer } from ${JSON.stringify(serverModule)};
const server = await startSiteServer({ siteDir: ${JSON.stringify(await fakeSite(work, 'site', 'Exit'))}, port: 0, log: () => {} });
await server.close();
console.log('closed');
`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('closed');
    await rm(work, { recursive: true, force: true });
  });
});
