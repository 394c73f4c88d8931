import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedIfEmpty } from '../../scripts/lib/sample/load';
import type { Sql } from '../../src/data/sql';
import { backends, describeEachBackend } from './backends';

const list = await backends();

describeEachBackend(list, 'sample seed on $name', (backend) => {
  let sql: Sql;
  let dispose: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
  });
  afterAll(() => dispose?.());

  it('loads at least 1,000 verified listings plus pending and rejected ones into an empty database', async () => {
    const inserted = await seedIfEmpty(sql, (line) => lines.push(line));
    const counts = await sql.query<{ status: string; n: number }>(
      `select verification_status as status, count(*)::int as n from public.glamping_listings group by 1`,
    );
    const by = {
      verified: 0,
      pending: 0,
      rejected: 0,
      ...Object.fromEntries(counts.map((r) => [r.status, r.n])),
    };
    expect(by.verified).toBeGreaterThanOrEqual(1000);
    expect(by.pending).toBeGreaterThan(0);
    expect(by.rejected).toBeGreaterThan(0);
    expect(inserted).toBe(by.verified + by.pending + by.rejected);
    expect(lines.at(-1)).toBe(
      `Seeded ${inserted} listings (${by.verified} verified, ${inserted - by.verified} pending or rejected)`,
    );
  });

  it('gives each listing awaiting review its private owner contact, and verified ones none', async () => {
    const rows = await sql.query<{ status: string; with_contact: number; total: number }>(
      `select l.verification_status as status, count(c.listing_id)::int as with_contact, count(*)::int as total
       from public.glamping_listings l left join public.listing_owner_contacts c on c.listing_id = l.id
       group by 1`,
    );
    for (const row of rows) expect(row.with_contact).toBe(row.status === 'verified' ? 0 : row.total);
    const [sample] = await sql.query<{ email: string }>(
      'select email from public.listing_owner_contacts limit 1',
    );
    expect(sample?.email).toMatch(/^owner\.[a-z0-9-]+@example\.com$/);
  });

  it('does not reseed a database that has listings', async () => {
    expect(await seedIfEmpty(sql, (line) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toMatch(/^Database has \d+ listings: not reseeding/);
  });
});
