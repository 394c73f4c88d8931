import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchJson, forgetJson } from '../../src/islands/shared/fetch-json';
import { onDemand } from '../../src/islands/shared/on-demand';

describe('onDemand', () => {
  it('loads once, gives the module at once after that, and tries again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = onDemand(async () => {
      calls++;
      if (fail) throw new Error('offline');
      return { answer: 42 };
    });
    expect(load.now()).toBeNull();
    await expect(load()).rejects.toThrow('offline');
    expect(load.now()).toBeNull();
    fail = false;
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toEqual({ answer: 42 });
    expect(b).toBe(a);
    expect(load.now()).toBe(a);
    await load();
    expect(calls).toBe(2);
  });
});

// A real HTTP server on this machine: fetchJson as the browser runs it, against answers like our functions'.
let server: Server;
let base = '';
const hits = new Map<string, number>();
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const send = (status: number, text: string, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(text);
      };
      if (path === '/echo')
        return send(
          200,
          JSON.stringify({ method: req.method, type: req.headers['content-type'] ?? null, body }),
        );
      if (path === '/invalid')
        return send(400, JSON.stringify({ error: 'Check the form', fields: { name: 'Required' } }));
      if (path === '/html') return send(404, '<h1>Not found</h1>', 'text/html');
      if (path === '/flaky') return send(hits.get(path) === 1 ? 503 : 200, JSON.stringify({ ok: true }));
      return send(200, JSON.stringify({ path }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('fetchJson', () => {
  it('GETs, and POSTs a JSON body when given one', async () => {
    expect(await fetchJson(`${base}/echo`)).toEqual({
      ok: true,
      status: 200,
      data: { method: 'GET', type: null, body: '' },
    });
    expect(await fetchJson(`${base}/echo`, { json: { a: 1 } })).toEqual({
      ok: true,
      status: 200,
      data: { method: 'POST', type: 'application/json', body: '{"a":1}' },
    });
  });

  it("gives a refusal's reason and body, a plain account for a page that is not JSON, status 0 when unreachable", async () => {
    expect(await fetchJson(`${base}/invalid`, { json: {} })).toEqual({
      ok: false,
      status: 400,
      data: { error: 'Check the form', fields: { name: 'Required' } },
      error: 'Check the form',
    });
    expect(await fetchJson(`${base}/html`)).toEqual({
      ok: false,
      status: 404,
      data: null,
      error: 'The server answered with error 404.',
    });
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    expect(await fetchJson(`http://127.0.0.1:${port}/`)).toMatchObject({ ok: false, status: 0, data: null });
  });

  it('shares one request per URL with `once` until forgotten, and asks again after a failure', async () => {
    const url = `${base}/file`;
    const [a, b] = await Promise.all([fetchJson(url, { once: true }), fetchJson(url, { once: true })]);
    expect(b).toBe(a);
    await fetchJson(url, { once: true });
    expect(hits.get('/file')).toBe(1);
    forgetJson(url);
    await fetchJson(url, { once: true });
    expect(hits.get('/file')).toBe(2);

    const flaky = `${base}/flaky`;
    expect(await fetchJson(flaky, { once: true })).toMatchObject({ ok: false, status: 503 });
    expect(await fetchJson(flaky, { once: true })).toMatchObject({ ok: true, data: { ok: true } });
    expect(hits.get('/flaky')).toBe(2);
  });
});
