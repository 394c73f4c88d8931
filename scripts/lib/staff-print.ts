import { csvForTerminal } from '../../src/data/csv';
import { describeReasons } from '../../src/domain/duplicates';
import { changeValueText } from '../../src/domain/owner-form';
import { LISTING_COLUMNS } from '../../src/domain/schemas/listing';
import type { StaffResult } from '../../src/domain/staff/contracts';
import type { StaffListing } from '../../src/domain/staff/rows';
import { printable } from '../../src/domain/text';
import { printReviewQueue } from './review-print';

/** One terminal line: stored text may hold ESC, BEL, CR or LF (data from before the text rule, or an import). */
const say = (text: string) => console.log(printable(text));

// Who and what first, the long description last, every other column of the listing in between (so a new field is
// shown without an edit here).
const FIRST = ['id', 'slug', 'property_name', 'verification_status', 'featured', 'owner_name', 'owner_email'];
const LAST = ['description'];
const SHOWN = [
  ...FIRST,
  ...LISTING_COLUMNS.filter((c) => !FIRST.includes(c) && !LAST.includes(c)),
  ...LAST,
] as Array<keyof StaffListing>;

/**
 * Prints a staff result for a terminal: a table for list, fields for show, CSV for export, else the message. Every
 * line goes through printable(), so a listing can neither drive the terminal nor print a line that looks like a row.
 */
export function printResult(verb: string, result: StaffResult): void {
  if (verb === 'export' || verb === 'newsletter-export' || verb === 'insights-csv') {
    // To a file or a pipe, the CSV as it is; on a terminal, its cells escaped like every other line.
    const csv = result.csv ?? '';
    process.stdout.write(process.stdout.isTTY && csv ? csvForTerminal(csv) : csv);
    return;
  }
  if (verb === 'list' || verb === 'search') {
    say(result.message);
    for (const l of result.listings ?? []) {
      const owner = l.owner_name ? `${l.owner_name} <${l.owner_email}>` : '(no owner contact)';
      const status = verb === 'search' ? `  ${l.verification_status}` : '';
      say(`${l.id}  ${l.slug}  ${l.property_name}${status}  ${owner}  ${l.age_hours} h old`);
      for (const d of l.duplicates ?? [])
        say(`    possible duplicate of ${d.slug} (${d.property_name}): ${describeReasons(d.reasons)}`);
    }
    return;
  }
  if (verb === 'reports' || verb === 'report-resolve') {
    say(result.message);
    for (const r of result.reports ?? []) {
      const several = r.open_for_listing > 1 ? `  (${r.open_for_listing} open reports)` : '';
      say(`${r.id}  ${r.slug}  ${r.reason}  ${r.created_at}${several}  ${r.message}`);
    }
    return;
  }
  if (verb === 'renewals' || verb === 'renewals-list') {
    say(result.message);
    for (const r of result.renewals ?? []) {
      const state = r.escalated_at
        ? 'STAFF TO DECIDE'
        : r.sent_at
          ? `owner asked ${r.sent_at}`
          : 'no owner address';
      say(`${r.listing_id}  ${r.slug}  verified ${r.verified_at}  ${state}`);
    }
    return;
  }
  if (verb === 'audit') {
    say(result.message);
    for (const a of result.audit ?? []) {
      const change = a.old_status || a.new_status ? `${a.old_status ?? '(new)'} -> ${a.new_status}` : '';
      const field = a.field ? `${a.field}: ${a.old_value ?? ''} -> ${a.new_value ?? ''}` : '';
      const reason = a.reason ? `reason: ${a.reason}` : '';
      const what = [change, field, reason].filter(Boolean).join('  ');
      say(`${a.at}  ${a.actor}  ${a.action}  ${a.listing_id ?? '-'}  ${what}`.trimEnd());
    }
    return;
  }
  if (verb === 'show' && result.listing) {
    printListing(result.listing);
    return;
  }
  printRest(result);
}

/** The answer fields printResult's own lines show. */
const PRINTED = new Set(['message', 'listing', 'claims', 'changes', 'staff', 'rebuildState', 'rebuild']);

/** Every field of one listing, one line each; its photos one line each. */
function printListing(listing: StaffListing): void {
  const fields = listing as unknown as Record<string, unknown>;
  for (const key of SHOWN) {
    const value = fields[key];
    if (key === 'photos') {
      const photos = listing.photos;
      say(
        `${'photos'.padEnd(20)} ${photos.length === 0 ? '(none)' : `${photos.length}, the first is the cover`}`,
      );
      for (const [i, p] of photos.entries())
        say(`${''.padEnd(20)} ${i + 1}. ${p.id}  ${p.width}x${p.height}  ${p.caption ?? '(no caption)'}`);
      continue;
    }
    say(`${key.padEnd(20)} ${Array.isArray(value) ? value.join('; ') : String(value ?? '')}`);
  }
}

/** The message, then whatever else the answer holds (claims, changes, members, the rebuild). */
function printRest(result: StaffResult): void {
  say(result.message);
  for (const c of result.claims ?? [])
    say(`${c.id}  ${c.slug}  ${c.name} (${c.role}) <${c.email}>  proof: ${c.proof}  ${c.created_at}`);
  for (const c of result.changes ?? []) {
    say(`${c.id}  ${c.slug}  ${c.kind} by ${c.email}  ${c.created_at}${c.note ? `  note: ${c.note}` : ''}`);
    for (const [field, value] of Object.entries(c.changes))
      say(
        field === 'photos'
          ? `    ${field}: ${changeValueText(c.current[field])} -> ${changeValueText(value)}`
          : `    ${field}: ${JSON.stringify(c.current[field] ?? null)} -> ${JSON.stringify(value)}`,
      );
  }
  if (result.reviewQueue) printReviewQueue(result.reviewQueue, say);
  for (const m of result.staff ?? []) say(`${m.email}  added by ${m.added_by}  ${m.added_at}`);
  if (result.rebuildState) say(`last rebuild requested: ${result.rebuildState.lastRequestedAt ?? 'never'}`);
  if (result.rebuild && result.rebuild !== 'none') say(`rebuild: ${result.rebuild}`);
  // An answer field no line above prints (a new action's): as JSON, so nothing an action answers is hidden.
  for (const [key, value] of Object.entries(result))
    if (!PRINTED.has(key)) say(`${key}: ${JSON.stringify(value)}`);
}
