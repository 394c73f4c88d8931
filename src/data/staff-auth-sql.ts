import { iso, type Run } from './sql';
import type { AuthStore, SessionInfo, StaffMember } from './staff-store';

/** Sign-in, sessions, staff members and rate limits over SQL; `run` is the staff store's (service role). */
export function sqlAuthStore(run: Run, ownedListingIds: (email: string) => Promise<string[]>): AuthStore {
  const flag = async (text: string, params: unknown[]) =>
    (await run<{ ok: boolean | null }>(text, params))[0]?.ok === true;
  return {
    async rateLimit(bucket, limit, windowSeconds) {
      const [row] = await run<{ wait: number }>('select public.rate_limit_take($1, $2, $3) as wait', [
        bucket,
        limit,
        windowSeconds,
      ]);
      return Number(row?.wait ?? 0);
    },
    async seedStaff(emails) {
      const [row] = await run<{ n: number }>('select public.staff_seed_members($1::text::jsonb) as n', [
        JSON.stringify(emails),
      ]);
      return row?.n ?? 0;
    },
    createLink: (email, tokenHash, ttlSeconds, mail, relatedId) =>
      flag('select public.auth_create_link($1, $2, $3, $4::text::jsonb) as ok', [
        email,
        tokenHash,
        ttlSeconds,
        JSON.stringify({ ...mail, related_id: relatedId }),
      ]),
    async useLink(tokenHash, sessionHash, sessionSeconds) {
      const [row] = await run<{ email: string | null }>('select public.auth_use_link($1, $2, $3) as email', [
        tokenHash,
        sessionHash,
        sessionSeconds,
      ]);
      return row?.email ?? null;
    },
    async session(sessionHash) {
      const [row] = await run<Omit<SessionInfo, 'ownerOf'>>(
        `select email, is_staff as "isStaff", ${iso('expires_at')} as "expiresAt"
         from public.auth_session($1)`,
        [sessionHash],
      );
      return row ? { ...row, ownerOf: await ownedListingIds(row.email) } : null;
    },
    endSession: (sessionHash) => flag('select public.auth_end_session($1) as ok', [sessionHash]),
    staffMembers: () =>
      run<StaffMember>(
        `select email, added_by, ${iso('added_at')} as added_at from public.staff_members order by added_at, email`,
      ),
    addStaff: (email, actor) => flag('select public.staff_add_member($1, $2) as ok', [email, actor]),
    removeStaff: (email, actor) => flag('select public.staff_remove_member($1, $2) as ok', [email, actor]),
  };
}
