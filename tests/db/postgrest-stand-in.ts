import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DbRole, Sql } from '../../src/data/sql';

/**
 * A stand-in for Supabase's PostgREST, because PostgREST itself does not run on this machine. It serves the small
 * part of PostgREST's HTTP interface the adapters use, over a real database (PGlite or a PostgreSQL server) with the
 * caller's role, so row level security, grants and SQL functions are the real ones:
 * - GET/HEAD /rest/v1/<table>?select=a,b&col=eq.v|gte.v|gt.v|lte.v|is.null|in.(a,b)&order=c.asc&offset=&limit=
 *   (or a `Range: 0-9` header), capped at Max Rows; `Prefer: count=exact` adds the total. Status and Content-Range as
 *   PostgREST's RangeQuery.rangeStatusHeader: `0-9/25` with 206 when the page is less than the total, `*\/0` when
 *   empty, `/*` without a count, 416 past the end.
 * - POST /rest/v1/rpc/<fn> with named JSON arguments; errors as PostgREST's body {code, details, hint, message}, with
 *   its HTTP status for the SQLSTATE (mapSQLtoHTTP: 23503/23505 409, 42501 401/403, P0001 400, class 08 503...).
 * Filter values go to the database untyped, as PostgREST sends them, so the column's type decides.
 */
export interface StandIn {
  url: string;
  anonKey: string;
  serviceKey: string;
  /** The requests served, e.g. `GET glamping_listings offset=0 limit=1000`. */
  log: string[];
  close(): Promise<void>;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
const ident = (name: string) => {
  if (!IDENT.test(name))
    throw Object.assign(new Error(`bad name ${name}`), { code: 'PGRST100', status: 400 });
  return name;
};

function httpStatus(code: string, authed: boolean): number {
  if (code === '23503' || code === '23505') return 409;
  if (code === '42501') return authed ? 403 : 401;
  if (code === '42883' || code === '42P01') return 404;
  if (code.startsWith('08') || code.startsWith('53')) return 503;
  if (code === 'P0001') return 400;
  if (code.startsWith('P0') || code.startsWith('XX') || code.startsWith('25')) return 500;
  return 400;
}

export interface StandInOptions {
  /** PostgREST's Max Rows (db-max-rows): no answer holds more rows. */
  maxRows: number;
  /** Failure injection: rows past this position are never served (the count still says how many there are). */
  rowsServed?: number;
}

export async function startPostgrestStandIn(sql: Sql, options: StandInOptions): Promise<StandIn> {
  const anonKey = 'anon-key';
  const serviceKey = 'service-role-key';
  const log: string[] = [];

  const roleOf = (req: IncomingMessage): DbRole =>
    req.headers.authorization === `Bearer ${serviceKey}` ? 'service_role' : 'anon';

  async function read(req: IncomingMessage, res: ServerResponse, table: string, query: URLSearchParams) {
    const params: unknown[] = [];
    const where: string[] = [];
    for (const [key, value] of query) {
      if (['select', 'order', 'offset', 'limit'].includes(key)) continue;
      const [op, ...rest] = value.split('.');
      const arg = rest.join('.');
      const col = ident(key);
      if (op === 'is' && arg === 'null') where.push(`${col} is null`);
      else if (op === 'in') {
        const items = arg
          .replace(/^\(|\)$/g, '')
          .split(',')
          .map((v) => v.replace(/^"|"$/g, ''));
        where.push(`${col} in (${items.map((v) => `$${params.push(v)}`).join(', ') || 'null'})`);
      } else {
        const sqlOp = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' }[op ?? ''];
        if (!sqlOp) throw Object.assign(new Error(`operator ${op}`), { code: 'PGRST100' });
        where.push(`${col} ${sqlOp} $${params.push(arg)}`);
      }
    }
    const columns = (query.get('select') ?? '*').split(',').map((c) => (c === '*' ? c : ident(c)));
    const order = (query.get('order') ?? '')
      .split(',')
      .filter(Boolean)
      .map((o) => `${ident(o.split('.')[0] ?? '')} ${o.endsWith('.desc') ? 'desc' : 'asc'}`);
    const range = /^(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    const offset = Number(query.get('offset') ?? range?.[1] ?? 0);
    const asked = query.get('limit') ?? (range?.[2] ? Number(range[2]) - offset + 1 : null);
    const served = Math.max(0, (options.rowsServed ?? Number.POSITIVE_INFINITY) - offset);
    const limit = Math.min(
      asked === null ? Number.POSITIVE_INFINITY : Number(asked),
      options.maxRows,
      served,
    );
    const from = `from public.${ident(table)}${where.length ? ` where ${where.join(' and ')}` : ''}`;
    const counted = /count=exact/.test(String(req.headers.prefer ?? ''));
    log.push(`${req.method} ${table} offset=${offset} limit=${limit}`);

    const [rows, total] = await sql.transaction(async (tx) => {
      await tx.query(`set local timezone = 'UTC'`);
      const page = await tx.query<{ body: string; n: number }>(
        `select coalesce(json_agg(t), '[]')::text as body, count(*)::int as n from (select ${columns.join(', ')}
         ${from}${order.length ? ` order by ${order.join(', ')}` : ''} limit ${limit} offset ${offset}) t`,
        params,
      );
      const count = counted
        ? ((await tx.query<{ n: number }>(`select count(*)::int as n ${from}`, params))[0]?.n ?? 0)
        : null;
      return [page[0] ?? { body: '[]', n: 0 }, count] as const;
    }, roleOf(req));

    const upper = offset + rows.n - 1;
    const status = total === null ? 200 : offset > total ? 416 : rows.n < total ? 206 : 200;
    const span = total !== 0 && offset <= upper ? `${offset}-${upper}` : '*';
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-range': `${span}/${total ?? '*'}`,
    });
    res.end(req.method === 'HEAD' ? undefined : rows.body);
  }

  async function rpc(req: IncomingMessage, res: ServerResponse, fn: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const args = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    log.push(`POST rpc/${fn}`);
    const [proc] = await sql.query<{
      retset: boolean;
      names: string[] | null;
      modes: string[] | null;
      types: string[];
    }>(
      `select p.proretset as retset, p.proargnames as names, p.proargmodes::text[] as modes,
         array(select format_type(t, null) from unnest(p.proargtypes) t) as types
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = $1`,
      [ident(fn)],
    );
    if (!proc) throw Object.assign(new Error(`function ${fn} not found`), { code: '42883' });
    const params: unknown[] = [];
    // proargtypes lists the input arguments only; proargnames also names the columns of `returns table`.
    const inputs = (proc.names ?? []).filter(
      (_, i) => !proc.modes || ['i', 'b', 'v'].includes(proc.modes[i] ?? ''),
    );
    const named = inputs.map((name, i) => {
      const value = args[name];
      const text =
        value === null || value === undefined
          ? null
          : typeof value === 'object' || proc.types[i] === 'jsonb'
            ? JSON.stringify(value)
            : String(value);
      return `${ident(name)} => $${params.push(text)}::text::${proc.types[i]}`;
    });
    const call = `public.${ident(fn)}(${named.join(', ')})`;
    const text = proc.retset
      ? `select coalesce(json_agg(r), '[]')::text as body from ${call} r`
      : `select to_json(${call})::text as body`;
    const [row] = await sql.transaction(async (tx) => {
      await tx.query(`set local timezone = 'UTC'`);
      return tx.query<{ body: string }>(text, params);
    }, roleOf(req));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(row?.body ?? 'null');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/^\/rest\/v1\//, '');
    const work = path.startsWith('rpc/')
      ? rpc(req, res, path.slice(4))
      : read(req, res, path, url.searchParams);
    work.catch((error: { code?: string; message?: string; detail?: string; hint?: string }) => {
      const code = error.code ?? 'XX000';
      const status = code.startsWith('PGRST') ? 400 : httpStatus(code, roleOf(req) !== 'anon');
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          code,
          details: error.detail ?? null,
          hint: error.hint ?? null,
          message: error.message,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    anonKey,
    serviceKey,
    log,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
