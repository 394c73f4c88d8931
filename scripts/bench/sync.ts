/**
 * Rows the build's listings sync reads (D5): after a full sync, one staff change must make the next sync read
 * exactly one row (and a listing leaving the public set must be removed without reading any). Runs the build's own
 * sync (src/data/sync.ts) over an in-memory snapshot, against an in-memory embedded database with 1,000 listings.
 */
import { openPglite } from '../../src/data/adapters/pglite';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { memorySnapshot, syncListings } from '../../src/data/sync';
import { runStaffAction } from '../../src/server/staff/actions';
import { migrate } from '../lib/migrate';
import { generateSampleListings } from '../lib/sample/generate';
import { insertListings } from '../lib/seed';
import { type BenchRow, type BenchSection, info } from './types';

const SECTION = 'sync';

/** A row whose budget is an exact value. */
const exactly = (name: string, value: number, want: number, unit: string, note?: string): BenchRow => ({
  section: SECTION,
  name,
  value,
  unit,
  budget: `= ${want} ${unit}`,
  ok: value === want,
  ...(note ? { note } : {}),
});

const section: BenchSection = {
  name: SECTION,
  async run() {
    const sql = await openPglite();
    try {
      await migrate(sql);
      const sample = generateSampleListings({ verified: 1_000 });
      await insertListings(sql, sample);
      const reader = sqlStore(sql);
      const staff = sqlStaffStore(sql);
      const { store, meta } = memorySnapshot();
      const digest = (l: { updated_at: string }) => l.updated_at;
      const sync = async () => {
        const start = performance.now();
        const report = await syncListings(reader, store, meta, digest);
        return { ...report, ms: performance.now() - start };
      };
      const full = await sync();
      const pending = sample.find((l) => l.verification_status === 'pending');
      const verified = sample.find((l) => l.verification_status === 'verified');
      if (!pending || !verified) throw new Error('the sample has no pending or verified listing');

      await runStaffAction(staff, { action: 'verify', id: pending.id }, 'bench');
      const afterVerify = await sync();
      await runStaffAction(
        staff,
        { action: 'edit', id: verified.id, field: 'city', value: 'Elsewhere' },
        'bench',
      );
      const afterEdit = await sync();
      await runStaffAction(staff, { action: 'reject', id: verified.id, reason: 'bench' }, 'bench');
      const afterReject = await sync();
      const quiet = await sync();
      return [
        info(SECTION, 'full sync, 1,000 listings', full.read, 'rows', `${full.ms.toFixed(0)} ms`),
        exactly('rows read after one verification', afterVerify.read, 1, 'rows', `${afterVerify.mode}`),
        exactly('rows read after one edit', afterEdit.read, 1, 'rows', `${afterEdit.mode}`),
        exactly('rows read after one rejection', afterReject.read, 0, 'rows'),
        exactly(
          'listings removed after one rejection',
          afterReject.removed,
          1,
          'rows',
          `${afterReject.total} left`,
        ),
        exactly('rows read when nothing changed', quiet.read, 0, 'rows', `${quiet.ms.toFixed(1)} ms`),
      ];
    } finally {
      await sql.close();
    }
  },
};

export default section;
