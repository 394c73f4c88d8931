import { describe, expect, it } from 'vitest';
import { STAFF_ACTION_NAMES, type StaffActionName, staffRequests } from '../../src/domain/staff/contracts';
import { READ_ONLY_ACTIONS, staffActions, staffRequestSchema } from '../../src/server/staff/actions';

/** A valid request of each action: the smallest one its schema accepts. */
const SAMPLES: Record<string, Record<string, string>> = {
  reject: { id: 'x', reason: 'Closed' },
  edit: { id: 'x', field: 'phone', value: '5551234567' },
  import: { csv: 'id\n' },
  'staff-add': { email: 'ada@example.com' },
  'staff-remove': { email: 'ada@example.com' },
  'photo-remove': { id: 'x', photo: 'p' },
  'photo-cover': { id: 'x', photo: 'p' },
  'claim-approve': { claim: 'c' },
  'claim-refuse': { claim: 'c', reason: 'No proof' },
  'change-approve': { change: 'c' },
  'change-refuse': { change: 'c', reason: 'No' },
  'report-resolve': { id: '7d2f4a43-4d1b-4a57-9c1e-0e6c3a1f2b90', resolution: 'fixed' },
};
const sample = (action: StaffActionName) => ({
  action,
  ...(SAMPLES[action] ?? ('id' in staffRequests[action].shape ? { id: 'x' } : {})),
});

describe('the staff action table', () => {
  it('has one entry per action of the contract, each with the contract’s request schema', () => {
    expect(Object.keys(staffActions).sort()).toEqual([...STAFF_ACTION_NAMES].sort());
    for (const name of STAFF_ACTION_NAMES) expect(staffActions[name].request).toBe(staffRequests[name]);
  });

  it.each(STAFF_ACTION_NAMES)('the request union accepts a valid "%s" request', (name) => {
    const parsed = staffRequestSchema.safeParse(sample(name));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data?.action).toBe(name);
  });

  it('answers an unknown action with every action of the table, in the contract’s order', () => {
    const parsed = staffRequestSchema.safeParse({ action: 'publish', id: 'x' });
    expect(parsed.error?.issues[0]?.message).toBe(`action must be one of: ${STAFF_ACTION_NAMES.join(', ')}`);
    for (const name of Object.keys(staffActions)) expect(parsed.error?.issues[0]?.message).toContain(name);
  });

  it('keeps the answer the console and the CLI have always read for an unknown action', () => {
    // The text before the table: the same names in the same order (a client may show it as it is).
    expect(staffRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'action must be one of: list, show, search, verify, reject, unverify, feature, unfeature, edit, export, import, rebuild, rebuild-status, audit, newsletter-export, staff-list, staff-add, staff-remove, photo-remove, photo-cover, photo-sync, claims, claim-approve, claim-refuse, changes, change-approve, change-refuse, renew, renewals, renewals-list, reports, report-resolve',
    );
  });

  it('derives the read-only set from the entries: exactly the actions that only read', () => {
    expect([...READ_ONLY_ACTIONS].sort()).toEqual(
      STAFF_ACTION_NAMES.filter((name) => staffActions[name].readOnly).sort(),
    );
    expect([...READ_ONLY_ACTIONS].sort()).toEqual(
      [
        'list',
        'show',
        'export',
        'audit',
        'newsletter-export',
        'search',
        'staff-list',
        'rebuild-status',
        'claims',
        'changes',
        'renewals-list',
        'reports',
      ].sort(),
    );
  });
});
