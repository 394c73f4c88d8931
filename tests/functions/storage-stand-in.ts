import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Supabase Storage's object API (the routes supabase-js calls: upload, copy, remove, public read):
 * Storage itself does not run on this machine. Objects are kept in memory per bucket; writes need the service key;
 * only a public bucket answers unauthenticated reads, as on Supabase.
 */
export interface StorageStandIn {
  url: string;
  serviceKey: string;
  objects: Map<string, Map<string, { data: Buffer; type: string }>>;
  close(): Promise<void>;
}

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startStorageStandIn(
  buckets: Record<string, { public: boolean }>,
): Promise<StorageStandIn> {
  const serviceKey = 'service-role-key';
  const objects = new Map(
    Object.keys(buckets).map((b) => [b, new Map<string, { data: Buffer; type: string }>()]),
  );
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = decodeURIComponent(url.pathname.replace(/^\/storage\/v1\/object\//, ''));
    const service = req.headers.authorization === `Bearer ${serviceKey}`;
    const answer = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    const refuse = (status: number, message: string) =>
      answer(status, { statusCode: String(status), error: 'Error', message });
    if (req.method === 'GET' && path.startsWith('public/')) {
      const [bucket = '', ...rest] = path.slice('public/'.length).split('/');
      const object = buckets[bucket]?.public ? objects.get(bucket)?.get(rest.join('/')) : undefined;
      if (!object) return refuse(400, 'Object not found');
      res.writeHead(200, { 'content-type': object.type }).end(object.data);
      return;
    }
    if (!service) return refuse(403, 'new row violates row-level security policy');
    if (req.method === 'POST' && path === 'copy') {
      const { bucketId, sourceKey, destinationKey, destinationBucket } = JSON.parse(
        (await body(req)).toString(),
      );
      const source = objects.get(bucketId)?.get(sourceKey);
      const target = objects.get(destinationBucket ?? bucketId);
      if (!source || !target) return refuse(400, 'Object not found');
      if (target.has(destinationKey)) return refuse(400, 'The resource already exists');
      target.set(destinationKey, source);
      return answer(200, { Key: `${destinationBucket}/${destinationKey}` });
    }
    const [bucket = '', ...rest] = path.split('/');
    const store = objects.get(bucket);
    if (!store) return refuse(400, 'Bucket not found');
    if (req.method === 'POST' || req.method === 'PUT') {
      const key = rest.join('/');
      if (store.has(key) && req.headers['x-upsert'] !== 'true')
        return refuse(400, 'The resource already exists');
      store.set(key, { data: await body(req), type: String(req.headers['content-type'] ?? '') });
      return answer(200, { Key: `${bucket}/${key}` });
    }
    if (req.method === 'DELETE') {
      const { prefixes } = JSON.parse((await body(req)).toString()) as { prefixes: string[] };
      const removed = prefixes.filter((p) => store.delete(p)).map((name) => ({ name }));
      return answer(200, removed);
    }
    return refuse(405, 'Method not allowed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serviceKey,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
