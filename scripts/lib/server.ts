/**
 * Local stand-in for Netlify: one HTTP server for the built site and the functions in netlify/functions/.
 *
 * - Pages are served with @netlify/static (the handler Netlify's own dev tooling uses: same clean-URL rules) and
 *   get netlify.toml's header rules through @netlify/headers, as on Netlify. Unknown paths get 404.html with 404,
 *   and so do the exact paths of netlify.toml's forced `status = 404` redirect rules (the only kind it has).
 * - Functions run in this process: each module of netlify/functions/ that declares `config.path` is imported
 *   once and called with a Web `Request`, as Netlify calls it. (The NetlifyDev runtime was tried first: it runs
 *   every call in a fresh worker thread, ~0.3 s each, one at a time, and a worker cannot share this process's
 *   embedded database or keep a rate limiter's state.) Scheduled functions have no path; `npm start` runs the
 *   outbox worker they stand for.
 * - swapSite: one immutable `Site` per folder and a reference that is swapped. A request keeps the Site it started
 *   with, so it finishes on the old folder while new requests see the new one; no half-built site is ever served.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import { resolveConfig } from '@netlify/config';
import { HeadersHandler } from '@netlify/headers';
import { StaticHandler } from '@netlify/static';
import { currentConfig } from '../../src/config';
import { afterResponseSettled } from '../../src/server/after-response';
import { type FunctionContext, lastForwarded } from '../../src/server/http';
import { errorText } from '../../src/server/log';

const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** Largest unread request body drained on a connection that is kept open (far above any form). */
const KEEP_ALIVE_DRAIN_BYTES = 64 * 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

type Handler = (req: Request, context: FunctionContext) => Response | Promise<Response>;
interface LoadedFunction {
  name: string;
  paths: string[];
  handler: Handler;
}

/** Imports every function module that answers on a path (config.path: a path, a list, `/*` suffixes). */
async function loadFunctions(dir: string): Promise<LoadedFunction[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /\.(m?[jt]s)$/.test(f)).sort();
  const loaded: LoadedFunction[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      default?: Handler;
      config?: { path?: string | string[] };
    };
    const paths = mod.config?.path;
    if (typeof mod.default !== 'function' || !paths) continue;
    loaded.push({ name: file.replace(/\.[^.]+$/, ''), paths: [paths].flat(), handler: mod.default });
  }
  return loaded;
}

/** netlify.toml's forced 404 rules on exact paths, read with Netlify's own config parser: path -> file served. */
async function notFoundRules(configPath: string, projectRoot: string): Promise<Map<string, string>> {
  const { config } = await resolveConfig({ config: configPath, repositoryRoot: projectRoot, offline: true });
  const rules = (config.redirects ?? []) as Array<{
    from?: string;
    to?: string;
    status?: number;
    force?: boolean;
  }>;
  return new Map(
    rules
      .filter((r) => r.status === 404 && r.force && r.from && r.to && !/[*:]/.test(r.from))
      .map((r) => [r.from as string, r.to as string]),
  );
}

// Netlify reads these from the publish folder as its rules and never serves them as files.
const NETLIFY_RULE_FILES = new Set(['/_headers', '/_redirects']);

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The client a function sees (its rate limits count per client): the peer's address, or the address a proxy on
 * this machine appended to X-Forwarded-For (its last entry, from a loopback peer, as a reverse proxy in front of
 * `npm start` sends, and as the browser tests do to be separate visitors); entries before it are the client's own
 * claims. A header from any other peer is not believed. On Netlify the platform gives the client's address itself
 * (context.ip).
 */
export function clientAddress(peer: string | undefined, forwarded: string | undefined): string | undefined {
  if (peer && LOOPBACK.test(peer)) return lastForwarded(forwarded) ?? peer;
  return peer;
}

function matches(pattern: string, pathname: string): boolean {
  return pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

/**
 * The request body as a Web stream. (Node's Readable.toWeb throws an uncaught error when the reader cancels, as a
 * function does on a body over its limit, and more data arrives: here a cancelled body is drained and ignored.)
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on('end', () => {
        if (open) controller.close();
        open = false;
      });
      req.on('error', (error) => {
        if (open) controller.error(error);
        open = false;
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      open = false;
      req.resume();
    },
  });
}

/** A Node request as the Web Request a Netlify function receives. */
function toRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(key, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: bodyStream(req), duplex: 'half' } : {}),
  } as RequestInit);
}

/** A running local server. */
export interface SiteServer {
  url: string;
  port: number;
  /** Serves `newDir` from now on; resolves once requests still reading the old folder are done. */
  swapSite(newDir: string): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link startSiteServer}. */
export interface SiteServerOptions {
  siteDir: string;
  port?: number;
  host?: string;
  projectRoot?: string;
  /** Told when a function changed what is public (a staff action): the rebuild loop's request. */
  onPublicChange?: () => void;
  /** The public side of the local photo folder, served at /photos/ (default: the configured folder's). */
  photosDir?: string | null;
  log?: (line: string) => void;
}

interface Site {
  dir: string;
  files: StaticHandler;
  headers: HeadersHandler;
  active: number;
  idle?: () => void;
}

/** Starts the local server for `siteDir` (a built site) and the project's Netlify functions. */
export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const projectRoot = path.resolve(options.projectRoot ?? process.cwd());
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.log(line));
  const configPath = path.join(projectRoot, 'netlify.toml');
  const logLine = (message?: string) => log(message ?? '');
  const logger = { log: logLine, warn: logLine, error: logLine };

  const openSite = async (dir: string): Promise<Site> => {
    const abs = path.resolve(dir);
    if (!(await stat(abs)).isDirectory()) throw new Error(`Not a directory: ${abs}`);
    const headers = new HeadersHandler({ configPath, projectDir: projectRoot, publishDir: abs, logger });
    return { dir: abs, files: new StaticHandler({ directory: abs }), headers, active: 0 };
  };
  let site = await openSite(options.siteDir);
  // Published photos: not part of the site (never copied into a build), served beside it as Supabase
  // Storage's public bucket serves them in production. Their names never change content, so they are cached long.
  const configured = currentConfig().photos;
  const photosDir =
    options.photosDir === undefined
      ? configured.kind === 'folder'
        ? path.resolve(configured.dir, 'public')
        : null
      : options.photosDir;
  const photos = photosDir ? new StaticHandler({ directory: photosDir }) : null;

  const { onPublicChange } = options;
  const local = onPublicChange ? { publicChanged: onPublicChange } : undefined;
  // This server's own address (set once it listens): the functions' public origin when SITE_URL is unset, so no
  // link or fetch follows the Host header a client wrote.
  let localOrigin = '';
  const functions = await loadFunctions(path.join(projectRoot, 'netlify/functions'));
  const notFound = await notFoundRules(configPath, projectRoot);
  const findFunction = (pathname: string) => functions.find((f) => f.paths.some((p) => matches(p, pathname)));

  const send = async (req: IncomingMessage, res: ServerResponse, response: Response) => {
    const headers = new Headers(response.headers);
    // Text is gzipped when the client accepts it, as Netlify's CDN does, so local figures match production.
    const gzip =
      req.method !== 'HEAD' &&
      response.body !== null &&
      !headers.has('content-encoding') &&
      COMPRESSIBLE.test(headers.get('content-type') ?? '') &&
      /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) {
      headers.set('content-encoding', 'gzip');
      headers.delete('content-length');
      headers.append('vary', 'Accept-Encoding');
    }
    // Answered before the whole body arrived (413, 415, 429...): the rest is read and dropped (never reset), so the
    // client reads the answer instead of ECONNRESET. A small declared body (a form) is drained and the connection
    // kept for the next request; a large or open-ended one (a refused upload) is not worth waiting for, so the client
    // is told not to reuse the connection. (Closing after every 429 of a flood made clients reconnect thousands of
    // times a second, and new connections then waited seconds in the listen queue.)
    if (!req.complete) {
      if (!(Number(req.headers['content-length']) <= KEEP_ALIVE_DRAIN_BYTES))
        headers.set('connection', 'close');
      req.resume();
    }
    res.writeHead(response.status, Object.fromEntries(headers));
    if (req.method === 'HEAD' || !response.body) {
      await response.body?.cancel();
      res.end();
    } else if (gzip) {
      await pipeline(Readable.fromWeb(response.body as NodeReadableStream), createGzip(), res);
    } else {
      await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res);
    }
  };

  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, text: string, allow?: string) =>
    send(
      req,
      res,
      new Response(text, { status, headers: { 'content-type': 'text/plain', ...(allow ? { allow } : {}) } }),
    );

  const handle = async (req: IncomingMessage, res: ServerResponse, current: Site) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    } catch {
      return refuse(req, res, 400, 'Bad Request: malformed Host header or URL');
    }
    const method = req.method ?? 'GET';
    // A function whose config.path matches wins over a file, as on Netlify.
    const fn = findFunction(url.pathname);
    if (fn) {
      // Fetch's Request cannot even carry these methods; the functions would never see them.
      if (FORBIDDEN_METHODS.has(method))
        return refuse(req, res, 405, 'Method Not Allowed', 'GET, HEAD, POST');
      const response = await fn.handler(toRequest(req, url), {
        ip: clientAddress(
          req.socket.remoteAddress,
          [req.headers['x-forwarded-for']].flat().join(',') || undefined,
        ),
        local,
        localOrigin,
      });
      return send(req, res, response);
    }
    if (method !== 'GET' && method !== 'HEAD')
      return refuse(req, res, 405, 'Method Not Allowed', 'GET, HEAD');
    const request = new Request(url, { method: req.method === 'HEAD' ? 'HEAD' : 'GET' });
    // Read whole before sending: the file's Web stream (Node's Readable.toWeb) throws an uncaught 'Controller is
    // already closed' when a client hangs up mid-response or a HEAD cancels it, and that ends the whole server.
    const serve = async (file: { handle: () => Promise<Response> }, cache?: string) => {
      const streamed = await file.handle();
      const body = await streamed.arrayBuffer();
      const empty = request.method === 'HEAD' || streamed.status === 204 || streamed.status === 304;
      const response = new Response(empty ? null : body, streamed);
      await current.headers.apply(request, response);
      if (cache) response.headers.set('cache-control', cache);
      return send(req, res, response);
    };
    if (photos && url.pathname.startsWith('/photos/')) {
      const inner = new URL(url.pathname.slice('/photos'.length), url);
      const photo = await photos.match(new Request(inner, { method: request.method }));
      if (photo) return serve(photo, 'public, max-age=31536000, immutable');
    }
    const forced404 = notFound.get(url.pathname);
    const file =
      forced404 || NETLIFY_RULE_FILES.has(url.pathname) ? undefined : await current.files.match(request);
    if (file) return serve(file);
    log(`404 ${new URL(request.url).pathname}`);
    const body = await readFile(path.join(current.dir, forced404 ?? '404.html')).catch(() => null);
    const type = body ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
    const response = new Response(body ?? 'Not Found', { status: 404, headers: { 'content-type': type } });
    await current.headers.apply(request, response);
    return send(req, res, response);
  };

  let closing = false;
  const server = createServer((req, res) => {
    const current = site;
    current.active++;
    res.on('close', () => {
      if (--current.active === 0) current.idle?.();
    });
    handle(req, res, current).catch((error: Error) => {
      // A client that hangs up mid-response, or close(), is not a server error.
      if (closing || res.destroyed) return;
      log(`Server error on ${req.method} ${req.url}: ${errorText(error)}`);
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    });
  });
  const requestedPort = options.port ?? currentConfig().port;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(requestedPort, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  localOrigin = url;
  log(
    `Serving ${site.dir} and ${functions.length} functions (${functions.map((f) => f.name).join(', ')}) at ${url}`,
  );

  return {
    url,
    port,
    async swapSite(newDir) {
      const previous = site;
      site = await openSite(newDir);
      log(`Now serving ${site.dir}`);
      if (previous.active > 0) await new Promise<void>((resolve) => (previous.idle = resolve));
    },
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      // E-mails the functions send after their answers go out before the database closes.
      await afterResponseSettled();
    },
  };
}
