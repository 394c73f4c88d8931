import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** The tile fixture's URL template path: `{origin}/tiles/{z}/{x}/{y}.png`. */
const TILE = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/;

export interface TileServer {
  origin: string;
  /** PUBLIC_MAP_TILE_URL for the site under test. */
  template: string;
  /** How many tiles were served: proves the maps drew from this fixture. */
  served(): number;
  /** Lets the process end while the server still listens (the bench's, which serves until the run ends). */
  unref(): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for a tile server (tests and the bench never reach the internet): three 256 x 256 PNGs made with
 * sharp, a checkerboard of them by tile position, for any {z}/{x}/{y}.
 */
export async function startTileServer(): Promise<TileServer> {
  const colours = ['#e7e5e4', '#d6f5e3', '#dbeafe'];
  const tiles = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width: 256, height: 256, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  let served = 0;
  const server = createServer((req, res) => {
    const m = TILE.exec(req.url ?? '');
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    served++;
    const [, , x = '0', y = '0'] = m;
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    res.end(tiles[(Number(x) + Number(y)) % tiles.length]);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    template: `${origin}/tiles/{z}/{x}/{y}.png`,
    served: () => served,
    unref: () => {
      server.unref();
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
