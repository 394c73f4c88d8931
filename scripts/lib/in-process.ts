import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

type Handler = (req: Request) => Promise<Response>;

/**
 * Serves a Netlify function module in this process (for `onRequest` of startSiteServer). Used for the staff
 * function: it must share this process's embedded database and signal the rebuild loop, which the functions
 * worker thread cannot (its globals, hence its PGlite instance, are its own).
 */
export function inProcessFunction(path: string, handler: Handler) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    if (url.pathname !== path && !url.pathname.startsWith(`${path}/`)) return false;
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(key, value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(url, {
      method: req.method ?? 'GET',
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
    });
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res);
    else res.end();
    return true;
  };
}
