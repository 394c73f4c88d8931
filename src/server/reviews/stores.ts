import { NotYourListing } from '../../data/owner-store';
import type { ReviewStore } from '../../data/review-store';
import { StaffInputError, type StaffStore } from '../../data/staff-store';
import { HttpError, StoreUnavailable } from '../http';
import { errorText } from '../log';

/** The reviews' store for one request, and the staff store (sessions, rebuilds) opened only when asked for. */
export interface RequestStores {
  reviews: ReviewStore;
  staff: () => Promise<StaffStore>;
}

export const NOT_YOUR_REVIEW = 'This review is not of one of your listings, so you cannot reply to it.';

/**
 * Runs `use` with the stores and closes them: an unreachable database is a 503 (nothing saved), a refusal of the
 * input a 400, a review of someone else's listing a 403.
 */
export async function withStores<T>(
  deps: {
    openReviews: () => Promise<ReviewStore>;
    openStaff: () => Promise<StaffStore>;
    log?: ((line: string) => void) | undefined;
  },
  run: (stores: RequestStores) => Promise<T>,
): Promise<T> {
  const unavailable = (error: unknown) => {
    (deps.log ?? console.error)(`Reviews store unavailable: ${errorText(error)}`);
    return new StoreUnavailable('Reviews are unavailable: database unreachable');
  };
  let reviews: ReviewStore;
  try {
    reviews = await deps.openReviews();
  } catch (error) {
    throw unavailable(error);
  }
  let staff: Promise<StaffStore> | null = null;
  try {
    return await run({
      reviews,
      staff: () => {
        staff ??= deps.openStaff().catch((error) => {
          throw unavailable(error);
        });
        return staff;
      },
    });
  } catch (error) {
    if (error instanceof NotYourListing) throw new HttpError(403, NOT_YOUR_REVIEW);
    if (error instanceof StaffInputError) throw new HttpError(400, error.message);
    throw error;
  } finally {
    await reviews.close();
    if (staff) await (await (staff as Promise<StaffStore>).catch(() => null))?.close();
  }
}
