import { claimPath, reportPath, writeReviewPath } from '../../domain/slug';

/** The dialog's twin of src/components/ListingActions.astro: small links about the listing itself. */
export function ListingActions({ slug, name }: { slug: string; name: string }) {
  return (
    <p className="flex flex-wrap gap-x-4 text-sm">
      <a href={claimPath(slug)} className="font-medium text-emerald-800 underline">
        Is this your property?
      </a>
      <a href={writeReviewPath(slug)} className="font-medium text-emerald-800 underline">
        Write a review<span className="sr-only"> of {name}</span>
      </a>
      <a href={reportPath(slug)} className="text-stone-700 underline">
        Report a problem<span className="sr-only"> with {name}</span>
      </a>
    </p>
  );
}
