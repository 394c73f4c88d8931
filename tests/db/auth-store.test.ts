import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Sql } from '../../src/data/sql';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { StaffInputError, type StaffStore } from '../../src/data/staff-store';
import type { OutgoingEmail } from '../../src/data/store';
import { backends, describeEachBackend } from './backends';

const hash = () => createHash('sha256').update(randomBytes(32)).digest('hex');
const mail = (to: string): OutgoingEmail => ({
  kind: 'sign-in',
  to_address: to,
  subject: 'Your sign-in link',
  text_body: 'https://example.org/sign-in/confirm#token=secret',
  html_body: '<p>link</p>',
});

// Through the SQL store, production's one data path (on the PostgreSQL server, postgres.js as production runs it).
describeEachBackend(await backends(), 'sign-in storage on $name', (backend) => {
  let sql: Sql;
  let dispose: () => Promise<void>;
  const stores: Array<[string, () => StaffStore]> = [['sql', () => sqlStaffStore(sql)]];

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
  });
  afterAll(async () => {
    await dispose?.();
  });
  beforeEach(async () => {
    await sql.exec(
      'delete from public.auth_sessions; delete from public.auth_links; delete from public.staff_members; ' +
        'delete from public.rate_limit_hits',
    );
  });

  for (const [name, open] of stores) {
    it(`${name}: STAFF_EMAILS seeds the list only while it is empty`, async () => {
      const store = open();
      expect(await store.seedStaff(['Ada@Example.org', ' bo@example.org ', ''])).toBe(2);
      expect(await store.seedStaff(['eve@example.org'])).toBe(0);
      expect((await store.staffMembers()).map((m) => m.email).sort()).toEqual([
        'ada@example.org',
        'bo@example.org',
      ]);
    });

    it(`${name}: a link is stored and mailed only for staff, used once, and opens a session`, async () => {
      const store = open();
      await store.seedStaff(['ada@example.org']);
      const unknown = randomUUID();
      expect(await store.createLink('eve@example.org', hash(), 900, mail('eve@example.org'), unknown)).toBe(
        false,
      );
      const [none] = await sql.query<{ n: number }>(
        'select count(*)::int as n from public.email_outbox where related_id = $1',
        [unknown],
      );
      expect(none?.n).toBe(0);

      const link = hash();
      const related = randomUUID();
      expect(await store.createLink('ADA@example.org', link, 900, mail('ada@example.org'), related)).toBe(
        true,
      );
      const queued = await sql.query<{ kind: string; to_address: string }>(
        'select kind, to_address from public.email_outbox where related_id = $1',
        [related],
      );
      expect(queued).toEqual([{ kind: 'sign-in', to_address: 'ada@example.org' }]);

      const session = hash();
      expect(await store.useLink(link, session, 3600)).toBe('ada@example.org');
      expect(await store.useLink(link, hash(), 3600)).toBeNull();
      expect(await store.session(session)).toMatchObject({ email: 'ada@example.org', isStaff: true });
      expect(await store.endSession(session)).toBe(true);
      expect(await store.session(session)).toBeNull();
      expect(await store.endSession(session)).toBe(false);
    });

    it(`${name}: an expired link opens nothing; only hashes are stored`, async () => {
      const store = open();
      await store.seedStaff(['ada@example.org']);
      const link = hash();
      await store.createLink('ada@example.org', link, 900, mail('ada@example.org'), randomUUID());
      await sql.exec(`update public.auth_links set expires_at = now() - interval '1 second'`);
      expect(await store.useLink(link, hash(), 3600)).toBeNull();
      const rows = await sql.query<{ token_hash: string }>('select token_hash from public.auth_links');
      expect(rows).toEqual([{ token_hash: link }]);
    });

    it(`${name}: removing a member ends their sessions; the last member stays`, async () => {
      const store = open();
      await store.seedStaff(['ada@example.org']);
      expect(await store.addStaff('Bo@example.org', 'ada@example.org')).toBe(true);
      expect(await store.addStaff('bo@example.org', 'ada@example.org')).toBe(false);
      const link = hash();
      await store.createLink('bo@example.org', link, 900, mail('bo@example.org'), randomUUID());
      const session = hash();
      await store.useLink(link, session, 3600);
      expect(await store.removeStaff('bo@example.org', 'ada@example.org')).toBe(true);
      expect(await store.session(session)).toBeNull();
      expect(await store.removeStaff('bo@example.org', 'ada@example.org')).toBe(false);
      await expect(store.removeStaff('ada@example.org', 'ada@example.org')).rejects.toBeInstanceOf(
        StaffInputError,
      );
      const audit = (await store.audit()).filter((a) => a.action.startsWith('staff-'));
      expect(audit.slice(-2)).toMatchObject([
        { actor: 'ada@example.org', action: 'staff-add', new_value: 'bo@example.org' },
        { actor: 'ada@example.org', action: 'staff-remove', old_value: 'bo@example.org' },
      ]);
    });

    it(`${name}: a bucket allows its limit in the window, then says how long to wait`, async () => {
      const store = open();
      const bucket = `test:${randomUUID()}`;
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await store.rateLimit(bucket, 3, 900));
      expect(answers.slice(0, 3)).toEqual([0, 0, 0]);
      expect(answers[3]).toBeGreaterThan(890);
      expect(answers[3]).toBeLessThanOrEqual(900);
      expect(await store.rateLimit(`test:${randomUUID()}`, 3, 900)).toBe(0);
    });

    it(`${name}: hits older than the longest window (a day) are deleted, whichever bucket they were in`, async () => {
      const store = open();
      // A client that never comes back: its bucket is never taken again, yet its rows must not stay for ever.
      await sql.query(
        `insert into public.rate_limit_hits (bucket, at) values
           ('sign-in:client:gone', clock_timestamp() - interval '25 hours'),
           ('recipient:sign-in:gone', clock_timestamp() - interval '3 days'),
           ('recipient:sign-in:recent', clock_timestamp() - interval '23 hours')`,
      );
      expect(await store.rateLimit(`test:${randomUUID()}`, 3, 900)).toBe(0);
      const rows = await sql.query<{ bucket: string }>(
        `select bucket from public.rate_limit_hits where bucket not like 'test:%' order by bucket`,
      );
      expect(rows.map((r) => r.bucket)).toEqual(['recipient:sign-in:recent']);
      // A window longer than that would lose hits it still counts: refused.
      await expect(store.rateLimit(`test:${randomUUID()}`, 3, 2 * 24 * 60 * 60)).rejects.toThrow();
    });
  }

  it('a sign-in e-mail keeps no link in the outbox once sent', async () => {
    const store = sqlStaffStore(sql);
    await store.seedStaff(['ada@example.org']);
    const related = randomUUID();
    await store.createLink('ada@example.org', hash(), 900, mail('ada@example.org'), related);
    const [row] = await sql.query<{ id: string }>(
      'select id from public.email_outbox where related_id = $1',
      [related],
    );
    await sql.transaction((tx) => tx.query('select public.outbox_mark_sent($1)', [row?.id]), 'service_role');
    const [sent] = await sql.query<{ text_body: string; html_body: string }>(
      'select text_body, html_body from public.email_outbox where id = $1',
      [row?.id],
    );
    expect(`${sent?.text_body}${sent?.html_body}`).not.toContain('secret');
  });
});
