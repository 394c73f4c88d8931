/** Reviews end to end: write, confirm by the e-mailed link, staff publish, the rebuilt site shows it; replies; refusals. */
import { describe, expect, it } from 'vitest';
import type { StaffListing } from '../../src/data/staff-store';
import { listingPath, statePath } from '../../src/domain/slug';
import { resultsReady } from './browse-support';
import { baseURL, browser, openPage, withBrowser } from './browser';
import { emailsWith, hydrated, marker, signIn, staff, untilStatus } from './forms-helpers';
import { staffAddress } from './staff-addresses';

const STAFF = staffAddress('reviews');
const WRITER = `${marker('writer')}@example.org`;
const OWNER = `${marker('owner')}@example.org`;
const WORDS = marker('Firelight');
const BODY = `${WORDS}: the dome was warm, the creek loud, and the stars kept us up half the night. Lovely.`;

withBrowser();

/** The newest review link e-mailed to an address (quoted-printable undone, as a mail client reads it). */
async function reviewLink(address: string): Promise<string> {
  const mails = (await emailsWith(`To: ${address}`)).map((m) =>
    m.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
  );
  const link = mails
    .flatMap((m) =>
      [...m.matchAll(/(http:\/\/[^\s/"<>]+\/reviews\/link#[A-Za-z0-9_-]{43})/g)].map((x) => x[1]),
    )
    .at(-1);
  if (!link) throw new Error(`no review link for ${address}`);
  return link;
}

/** Waits until the rebuilt listing page contains `text`. */
async function untilPageHas(path: string, text: string, present = true): Promise<string> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const html = await (await fetch(`${baseURL()}${path}`)).text();
    if (html.includes(text) === present) return html;
    if (Date.now() > deadline) throw new Error(`${path} never ${present ? 'showed' : 'dropped'} ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function writeReview(slug: string, email: string, rating: string, body: string) {
  const { page, context } = await openPage(browser, listingPath(slug));
  await page.getByRole('link', { name: 'Write a review' }).click();
  await page.waitForURL(`**/reviews/write?listing=${slug}`);
  await hydrated(page);
  await page.getByLabel('Your rating').selectOption(rating);
  await page.getByLabel('Your review', { exact: true }).fill('Too short');
  await page.getByRole('button', { name: 'Send my review' }).click();
  await page.getByText('Please write at least 50 characters').waitFor();
  await page.getByLabel('Your review', { exact: true }).fill(body);
  await page.getByLabel('When did you stay?').selectOption({ index: 2 });
  await page.getByLabel('Who travelled (optional)').selectOption('couple');
  await page.getByLabel('Name to show with your review').fill('Robin <b>R.</b>');
  await page.getByLabel('Your e-mail (never shown)').fill(email);
  await page.getByRole('button', { name: 'Send my review' }).click();
  await page.getByText('Check your inbox to confirm your review.').waitFor();
  await context.close();
}

describe('reviews', () => {
  let listing: StaffListing;

  it('a traveler writes and confirms a review, staff publish it, and the page, its card and its JSON-LD show it', async () => {
    const { listings } = await staff<{ listings: StaffListing[] }>({ action: 'search', status: 'verified' });
    listing = listings[0] as StaffListing;
    await writeReview(listing.slug, WRITER, '2', BODY);
    const { page, context } = await openPage(browser, '/');
    await page.goto(await reviewLink(WRITER));
    await hydrated(page);
    await expect.poll(() => page.url()).not.toContain('#');
    await page.getByRole('button', { name: 'Confirm my review' }).click();
    await page.getByText('your review is confirmed').waitFor();
    await context.close();

    const console = await openPage(browser, '/sign-in', { width: 1024, height: 1366 });
    await signIn(console.page, STAFF);
    await console.page.getByRole('button', { name: 'Reviews' }).click();
    const item = console.page.getByRole('listitem').filter({ hasText: WORDS });
    await item.getByRole('button', { name: /^Publish/ }).click();
    await expect
      .poll(() => console.page.getByRole('status').first().textContent())
      .toContain('review published');
    await console.context.close();

    const html = await untilPageHas(listingPath(listing.slug), WORDS);
    expect(html).toContain('Stay not verified: this directory takes no bookings');
    expect(html).toContain('Robin &lt;b&gt;R.&lt;/b&gt;');
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1] ?? '[]');
    const place = (Array.isArray(ld) ? ld : [ld]).find(
      (x: { aggregateRating?: unknown }) => x.aggregateRating,
    );
    const shown = (html.match(/class="review"/g) ?? []).length;
    expect(place.aggregateRating.reviewCount).toBe(shown);
    expect(place.review.some((r: { reviewBody: string }) => r.reviewBody.includes(WORDS))).toBe(true);
    const state = await untilPageHas(statePath(listing.state), `review`);
    expect(state).toMatch(/\d\.\d ★ \(\d+ reviews?\)/);
  }, 300_000);

  it('the owner replies through the queue and the reply shows; the owner cannot review their own listing', async () => {
    await fetch(`${baseURL()}/api/owner/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        slug: listing.slug,
        name: 'Olga',
        email: OWNER,
        role: 'Owner',
        proof: 'https://example.org',
      }),
    });
    const { claims } = await staff<{ claims: Array<{ id: string; email: string }> }>({ action: 'claims' });
    await staff({ action: 'claim-approve', claim: claims.find((c) => c.email === OWNER)?.id });
    const { page, context } = await openPage(browser, '/owner', { width: 1024, height: 1366 });
    await signIn(page, OWNER, '**/owner**');
    const mine = page.getByRole('listitem').filter({ hasText: WORDS });
    await mine.getByLabel('Reply publicly').fill('Thank you, Robin: the heater is fixed.');
    await mine.getByRole('button', { name: 'Send reply' }).click();
    await mine.getByText('our team reads your reply').waitFor();
    await context.close();
    const { reviewQueue } = await staff<{ reviewQueue: { replies: Array<{ review_id: string }> } }>({
      action: 'reviews',
    });
    await staff({ action: 'reply-publish', review: reviewQueue.replies[0]?.review_id });
    await untilPageHas(listingPath(listing.slug), 'the heater is fixed');

    await writeReview(
      listing.slug,
      OWNER,
      '5',
      `${WORDS} owner: best place ever, book it now, you will love every minute there.`,
    );
    await expect.poll(async () => (await emailsWith(`To: ${OWNER}`)).join('\n')).toContain('owns or manages');
  }, 300_000);

  it('a rejected review never shows, and "Highest rated" with "4+ stars" works from the URL', async () => {
    const other = `${marker('other')}@example.org`;
    const hidden = marker('Hidden');
    await writeReview(
      listing.slug,
      other,
      '1',
      `${hidden}: this text is rejected by staff and must never be on the page.`,
    );
    const { page, context } = await openPage(browser, '/');
    await page.goto(await reviewLink(other));
    await hydrated(page);
    await page.getByRole('button', { name: 'Confirm my review' }).click();
    await page.getByText('your review is confirmed').waitFor();
    const { reviewQueue } = await staff<{ reviewQueue: { reviews: Array<{ id: string; body: string }> } }>({
      action: 'reviews',
    });
    const id = reviewQueue.reviews.find((r) => r.body.includes(hidden))?.id;
    await staff({ action: 'review-reject', review: id, reason: 'off_topic' });
    await staff({ action: 'rebuild' });
    await untilStatus(`${baseURL()}${listingPath(listing.slug)}`, 200);
    expect(await (await fetch(`${baseURL()}${listingPath(listing.slug)}`)).text()).not.toContain(hidden);

    await page.goto('/browse?sort=rating&rating=4');
    await hydrated(page);
    await resultsReady(page);
    const ratings = page.getByText(/\d\.\d ★ \(\d+ reviews?\)/);
    const shown = async () => (await ratings.allTextContents()).map((t) => Number.parseFloat(t));
    // Until the view has applied the URL's filters, the page's own cards (every listing, newest first) may still be
    // on screen: the cards listed once it has are rated 4 or more, highest first.
    await expect
      .poll(
        async () => {
          const averages = await shown();
          return averages.length > 0 && averages.every((a) => a >= 4);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const averages = await shown();
    expect([...averages].sort((a, b) => b - a)).toEqual(averages);
    expect(page.url()).toContain('rating=4');
    await context.close();
  }, 300_000);
});
