import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

/** What a load run sends: JavaScript source, run in the worker, where `workerData.data` is `data`. */
export interface Load {
  url: string;
  seconds: number;
  connections: number;
  /** Statements run once before the load starts (the counters the request uses). */
  setup: string;
  /** The one autocannon request object every connection sends. */
  request: string;
  data: Record<string, unknown>;
  /** Seconds of the same load, not measured, before the measured run (autocannon's warm-up): 0 for none. */
  warmupSeconds?: number;
}

const client = (load: Load) => `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannon);
${load.setup}
autocannon({
  url: workerData.url,
  connections: workerData.connections,
  duration: workerData.seconds,
  timeout: 10,
  requests: [${load.request}],
  ...(workerData.warmupSeconds > 0
    ? { warmup: { connections: workerData.connections, duration: workerData.warmupSeconds } }
    : {}),
}).then(
  (result) => parentPort.postMessage(JSON.parse(JSON.stringify(result))),
  (error) => parentPort.postMessage({ error: String(error) }),
);
`;

// autocannon exports aggregateResult; its type definitions (@types/autocannon) do not declare it yet.
const aggregate = (
  autocannon as unknown as {
    aggregateResult(results: unknown[], options: Record<string, unknown>): autocannon.Result;
  }
).aggregateResult;

/**
 * Runs autocannon in a worker thread: in the server's own thread its work would be counted as the server's
 * latency.
 */
export function hammer(load: Load): Promise<autocannon.Result> {
  const { url, seconds, connections, data, warmupSeconds = 0 } = load;
  const workerData = {
    autocannon: createRequire(import.meta.url).resolve('autocannon'),
    url,
    seconds,
    connections,
    data,
    warmupSeconds,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(client(load), { eval: true, workerData });
    worker.once('error', reject);
    worker.once('message', (message: autocannon.Result | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      // Off the main thread autocannon hands back raw histograms: aggregate them here.
      else resolve(aggregate([message], { url, connections, duration: seconds }));
    });
  });
}
