import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteer } from '../../src/data/gazetteer';
import { gazetteerPieces } from '../../src/domain/places/gazetteer-build';
import { placeByAddress } from '../../src/domain/places/placement';
import { distanceMiles } from '../../src/domain/search';
import { sitePlaces } from '../../src/server/places';

// A site serving the gazetteer pieces as the build writes them (src/pages/data/places/[piece].json.ts).
let server: Server;
let origin: string;
beforeAll(async () => {
  const pieces = gazetteerPieces(await loadGazetteer());
  server = createServer((req, res) => {
    const key = /^\/data\/places\/([^/]+)\.json$/.exec(req.url ?? '')?.[1];
    const piece = key && pieces.get(key);
    res.writeHead(piece ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(piece ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("sitePlaces: a function reads the site's gazetteer pieces (D28)", () => {
  it('places a listing at its ZIP code, else its town, from the served pieces', async () => {
    const find = sitePlaces(origin);
    const zip = await placeByAddress(find, { zip: '28801', city: 'Asheville', state: 'North Carolina' });
    expect(zip.source).toBe('zip');
    expect(zip.latitude).toBeCloseTo(35.5971, 2);
    expect(zip.longitude).toBeCloseTo(-82.5565, 2);
    const town = await placeByAddress(find, { zip: '28899', city: 'Asheville', state: 'North Carolina' });
    expect(town.source).toBe('town');
    expect(distanceMiles(town, { latitude: 35.6, longitude: -82.55 })).toBeLessThan(5);
  });

  it("goes to the state's centre, never to New York, when the site cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const p = await placeByAddress(sitePlaces(`http://127.0.0.1:${port}`), {
      zip: '59715',
      city: 'Bozeman',
      state: 'Montana',
    });
    expect(p.source).toBe('state');
    expect(distanceMiles(p, { latitude: 40.7128, longitude: -74.006 })).toBeGreaterThan(1500);
  });
});
