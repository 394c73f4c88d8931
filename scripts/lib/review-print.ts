import { reviewReasonLabel, stayMonthText } from '../../src/domain/reviews';
import type { ReviewQueue } from '../../src/domain/staff/review-rows';

/** The Reviews queue for a terminal: reviews (oldest first, with signals), owners' replies, reports. */
export function printReviewQueue(queue: ReviewQueue, say: (line: string) => void): void {
  for (const r of queue.reviews) {
    const signals = r.signals.length > 0 ? `  signals: ${r.signals.join(', ')}` : '';
    say(
      `review ${r.id}  ${r.slug}  ${r.rating}/5  by "${r.display_name}" <${r.email}>  stay ${stayMonthText(r.stay_month)}  confirmed ${r.confirmed_at}${signals}`,
    );
    if (r.title) say(`    ${r.title}`);
    say(`    ${r.body.replace(/\s+/g, ' ')}`);
  }
  for (const p of queue.replies) {
    say(`reply on review ${p.review_id}  ${p.slug}  by <${p.owner_email}>  ${p.proposed_at}`);
    say(`    ${p.proposed_body.replace(/\s+/g, ' ')}`);
  }
  for (const k of queue.reports) {
    const several = k.open_for_review > 1 ? `  (${k.open_for_review} open reports)` : '';
    say(
      `report ${k.id}  ${k.slug}  review ${k.review_id}  ${reviewReasonLabel(k.reason)}${several}  ${k.created_at}`,
    );
    if (k.message) say(`    ${k.message.replace(/\s+/g, ' ')}`);
  }
}
