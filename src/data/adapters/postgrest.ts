import { DatabaseError } from '../refusal';

/** Rows asked for per request. PostgREST may answer with fewer (its Max Rows setting): paging follows what came. */
export const PAGE = 1000;

/** An error as supabase-js hands PostgREST's body over: the SQLSTATE is in `code`. */
export type PostgrestErrorLike = { code?: string; message: string; details?: string | null } | null;

/** The failure with its SQLSTATE kept, so a refused value is told apart from a database that is down. */
export function dbError(what: string, error: PostgrestErrorLike): DatabaseError {
  if (error?.code) return new DatabaseError(error.message, error.code, error.details ?? undefined);
  return new DatabaseError(`Supabase ${what} failed: ${error?.message ?? 'no data'}`);
}

export function dbFail(what: string, error: PostgrestErrorLike): never {
  throw dbError(what, error);
}

type Page<T> = PromiseLike<{ data: T[] | null; error: PostgrestErrorLike; count: number | null }>;

// A write between two pages shifts the offsets: the read starts over, a few times at most.
const ATTEMPTS = 3;

/**
 * Every row of a read, page by page (each page asks for `count: 'exact'` and a stable order). The number of rows read
 * must equal the count, or the read fails: a directory is never published from a truncated answer.
 */
export async function readAll<T>(what: string, page: (from: number, to: number) => Page<T>): Promise<T[]> {
  let problem = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const rows: T[] = [];
    let total: number | null = null;
    let moved = false;
    while (total === null || rows.length < total) {
      const { data, error, count } = await page(rows.length, rows.length + PAGE - 1);
      if (error || !data) dbFail(what, error);
      if (count === null) throw new DatabaseError(`Supabase ${what}: the answer carried no exact count`);
      if (total !== null && count !== total) {
        moved = true;
        break;
      }
      total = count;
      if (data.length === 0) break;
      rows.push(...data);
    }
    if (!moved && rows.length === total) return rows;
    problem = moved ? 'the rows changed while they were read' : `read ${rows.length} rows of ${total}`;
    if (!moved) break;
  }
  throw new DatabaseError(`Supabase ${what}: ${problem}; refusing an incomplete result`);
}
