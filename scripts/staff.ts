/**
 * npm run staff -- <verb>: moderate listings. While `npm start` runs it owns the embedded database, so
 * the command goes through that server's staff endpoint (token from .data/server.json); otherwise it opens the
 * configured database directly. Bad input prints one line and exits 1.
 */
import './lib/env';
import { readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { type AppConfig, ConfigError, currentConfig } from '../src/config';
import { openInsightsStore } from '../src/data/insights-sql';
import { openStore } from '../src/data/open';
import { openPhotoStorage } from '../src/data/photos/open';
import { openReviewStore } from '../src/data/review-open';
import { openStaffStore } from '../src/data/staff-open';
import { StaffInputError } from '../src/data/staff-store';
import {
  STAFF_ACTION_NAMES,
  type StaffActionName,
  type StaffRequest,
  type StaffResult,
  staffRequests,
} from '../src/domain/staff/contracts';
import { printable } from '../src/domain/text';
import { mailTransport } from '../src/server/email/transport';
import { runStaffAction } from '../src/server/staff/actions';
import { notifyNow } from '../src/server/submissions';
import { readServerInfo } from './lib/local-server';
import { printResult } from './lib/staff-print';

const USAGE = `usage: npm run staff -- <verb> [args] [--as <name>]
  list                              pending listings, oldest first, with the owner's contact
  show <id|slug>                    every field of one listing
  verify <id|slug>                  publish it; e-mails the owner; the site rebuilds
  reject <id|slug> --reason "..."   refuse it; e-mails the owner the reason
  unverify <id|slug>                take a published listing back to pending
  feature <id|slug> | unfeature <id|slug>
  edit <id|slug> <field> <value>    change one field (lists: items separated by ;)
  export [file.csv] | import <file.csv>
  newsletter-export [file.csv]      the newsletter's confirmed addresses (email, confirmed_at)
  audit [id|slug]                   who did what, when (the last 100 entries, or all of one listing)
  search [text] [--status s]        listings whose name, slug, city or state contains the text (newest 100)
  rebuild                           rebuild the site now
  rebuild-status                    when a rebuild was last requested, whether one is pending
  staff-list                        who may sign in to the staff console
  staff-add <email> | staff-remove <email>
  photo-remove <id|slug> <photo>    remove one photo (its id, from show)
  photo-cover <id|slug> <photo>     make this photo the cover
  photo-sync <id|slug>              publish or withdraw its photos again (after a storage failure)
  claims | changes                  owners' pending claims, and their pending edits (field: now -> proposed)
  claim-approve <claim> | claim-refuse <claim> --reason "..."     e-mails the claimant
  change-approve <change> | change-refuse <change> --reason "..." e-mails the owner; approval rebuilds
  renew <id|slug>                   re-verify a published listing (its "Verified" date becomes today)
  renewals [id|slug] [--now <time>] run the renewal job: e-mail owners of listings due (12 months), escalate
                                    reminders unanswered for 60 days; one listing only when named; --now runs
                                    it as of another ISO time
  renewals-list                     listings due for re-verification, those for staff to decide first
  reports                           travelers' open reports, listings with several first
  report-resolve <report id> fixed|dismissed   resolve one; the reporter is e-mailed when they left an address
  insights-csv [YYYY-MM]            the console's Insights of a month (default this one) as CSV (docs/insights.md)
  insights-monthly [--now <time>]   queue last month's figures e-mail to owners now (the scheduled job's work)
  reviews                           the Reviews queue: confirmed reviews (oldest first, with signals), owners'
                                    replies, reports of published reviews
  review-publish <review> | review-reject <review> <reason>   e-mails the writer; publishing rebuilds
  reply-publish <review> | reply-reject <review> <reason>     an owner's reply; e-mails the owner
  review-report-keep <report> | review-report-remove <report>         removing rejects it with the report's reason
    reasons: not_first_hand, conflict_of_interest, personal_information, hateful, spam, off_topic, duplicate`;

class UsageError extends Error {}

async function request(
  verb: string | undefined,
  args: string[],
  reason?: string,
  status?: string,
  now?: string,
): Promise<StaffRequest> {
  const need = (n: number, what: string) => {
    if (args.length < n) throw new UsageError(`${verb} needs ${what}`);
    return args;
  };
  switch (verb) {
    case 'report-resolve': {
      const [id = '', resolution = ''] = need(2, '<report id> fixed|dismissed');
      return { action: verb, id, resolution: resolution as 'fixed' | 'dismissed' };
    }
    case 'renewals':
      return { action: verb, ...(now ? { now } : {}), ...(args[0] ? { id: args[0] } : {}) };
    case 'insights-monthly':
      return { action: verb, ...(now ? { now } : {}) };
    case 'insights-csv':
      return { action: verb, ...(args[0] ? { month: args[0] } : {}) };
    case 'search':
      return {
        action: 'search',
        query: args.join(' '),
        ...(status ? { status: status as 'pending' | 'verified' | 'rejected' } : {}),
      };
    case 'photo-remove':
    case 'photo-cover': {
      const [id = '', photo = ''] = need(2, '<id|slug> <photo id>');
      return { action: verb, id, photo };
    }
    case 'claim-approve':
    case 'claim-refuse': {
      const claim = need(1, 'a claim id (from claims)')[0] ?? '';
      if (verb === 'claim-refuse' && !reason?.trim())
        throw new UsageError('claim-refuse needs --reason "..."');
      return verb === 'claim-refuse'
        ? { action: verb, claim, reason: reason ?? '' }
        : { action: verb, claim, ...(reason ? { reason } : {}) };
    }
    case 'change-approve':
    case 'change-refuse': {
      const change = need(1, 'a change id (from changes)')[0] ?? '';
      if (verb === 'change-refuse' && !reason?.trim())
        throw new UsageError('change-refuse needs --reason "..."');
      return verb === 'change-refuse'
        ? { action: verb, change, reason: reason ?? '' }
        : { action: verb, change, ...(reason ? { reason } : {}) };
    }
    case 'reject':
      if (!reason?.trim()) throw new UsageError('reject needs --reason "..."');
      return { action: 'reject', id: need(1, 'an id or slug')[0] ?? '', reason };
    case 'edit': {
      const [id = '', field = '', value = ''] = need(3, '<id|slug> <field> <value>');
      return { action: 'edit', id, field, value };
    }
    case 'import': {
      const [path = ''] = need(1, 'a CSV file');
      const csv = await readFile(path, 'utf8').catch(() => {
        throw new UsageError(`Cannot read ${path}`);
      });
      return { action: 'import', csv };
    }
    default:
      return positionalRequest(verb, args);
  }
}

/** How the usage names a field an action needs. */
const FIELD_TEXT: Record<string, string> = { id: 'an id or slug', email: 'an e-mail address' };

/** Any other action: its fields in the contract's order (src/domain/staff/contracts.ts), one argument each. */
function positionalRequest(verb: string | undefined, args: string[]): StaffRequest {
  if (!verb || !(STAFF_ACTION_NAMES as string[]).includes(verb))
    throw new UsageError(verb ? `Unknown verb "${verb}"` : 'No verb given');
  const { shape } = staffRequests[verb as StaffActionName];
  const fields = Object.entries(shape).filter(([name]) => name !== 'action' && name !== 'actor');
  const request: Record<string, string> = { action: verb };
  for (const [i, [name, schema]] of fields.entries()) {
    const value = args[i];
    if (value !== undefined) request[name] = value;
    else if (!(schema as { isOptional(): boolean }).isOptional())
      throw new UsageError(`${verb} needs ${FIELD_TEXT[name] ?? `<${name}>`}`);
  }
  return request as StaffRequest;
}

/** The usage, with a line for each action the text above does not describe (its fields as arguments). */
function usage(): string {
  const described = (name: string) => new RegExp(`^ +(?:.*\\| )?${name}(?: |$)`, 'm').test(USAGE);
  const more = STAFF_ACTION_NAMES.filter((name) => !described(name)).map((name) => {
    const fields = Object.keys(staffRequests[name].shape).filter((f) => f !== 'action' && f !== 'actor');
    return `  ${name} ${fields.map((f) => `<${f}>`).join(' ')}`.trimEnd();
  });
  return [USAGE, ...more].join('\n');
}

async function viaServer(url: string, token: string, body: StaffRequest): Promise<StaffResult> {
  const response = await fetch(`${url}/api/staff`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as StaffResult & {
    error?: string;
    fields?: Record<string, string>;
  };
  if (!response.ok) {
    const fields = Object.entries(answer.fields ?? {}).map(([k, v]) => `${k}: ${v}`);
    throw new StaffInputError([answer.error ?? `HTTP ${response.status}`, ...fields].join('; '));
  }
  return answer;
}

/** Sends a decision's e-mail to the owner right away (the outbox keeps and retries what fails). */
async function deliverNow(config: AppConfig, relatedId: string): Promise<boolean> {
  const store = await openStore(config.backend);
  try {
    const deps = { transport: mailTransport(config.mail, () => {}), email: config.email, log: () => {} };
    return await notifyNow(deps, store, relatedId, 1);
  } finally {
    await store.close();
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      as: { type: 'string' },
      reason: { type: 'string' },
      status: { type: 'string' },
      now: { type: 'string' },
    },
  });
  const [verb, ...args] = positionals;
  if (verb === 'help' || verb === undefined) {
    console.log(usage());
    if (verb === undefined) process.exitCode = 1;
    return;
  }
  const actor = values.as?.trim() || process.env.USER || userInfo().username || 'staff';
  const body = {
    ...(await request(verb, args, values.reason, values.status, values.now)),
    actor,
  } as StaffRequest;
  const server = await readServerInfo();
  let result: StaffResult;
  if (server) {
    result = await viaServer(server.url, server.token, body);
  } else {
    const config = currentConfig();
    const store = await openStaffStore(config.backend);
    try {
      result = await runStaffAction(store, body, actor, {
        hookUrl: config.buildHookUrl,
        siteUrl: config.siteUrl,
        deliver: (id) => deliverNow(config, id),
        photos: () => openPhotoStorage(config.photos),
        insights: () => openInsightsStore(config.backend),
        openReviews: () => openReviewStore(config.backend),
      });
    } finally {
      await store.close();
    }
  }
  if ((verb === 'export' || verb === 'newsletter-export') && args[0]) {
    await writeFile(args[0], result.csv ?? '');
    console.log(printable(`Wrote ${result.message} to ${args[0]}`));
  } else {
    printResult(verb ?? '', result);
  }
}

// Our messages may span lines (an import report); the data inside each line is printed escaped.
const fail = (text: string) => console.error(text.split('\n').map(printable).join('\n'));

main().catch((error: unknown) => {
  if (error instanceof UsageError) fail(`${error.message} (npm run staff -- help lists the verbs)`);
  else if (error instanceof StaffInputError || error instanceof ConfigError) fail(error.message);
  else if (error instanceof Error && /fetch failed|ECONNREFUSED/.test(`${error.message}${error.cause}`))
    fail('The local server (npm start) did not answer; stop it cleanly or delete .data/server.json');
  else fail(`Staff command failed: ${printable(error instanceof Error ? error.message : String(error))}`);
  process.exit(1);
});
