import { useState } from 'react';
import { claimPath, reportPath, writeReviewPath } from '../../domain/slug';
import { SHARED_TEXT, shareListing } from '../shared/share';

/** The dialog's twin of src/components/ListingActions.astro: small links about the listing itself. */
export function ListingActions({ slug, name }: { slug: string; name: string }) {
  const [said, setSaid] = useState('');
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
      <button
        type="button"
        onClick={async () => setSaid(SHARED_TEXT[await shareListing(slug, name)])}
        className="font-medium text-emerald-800 underline"
      >
        Share<span className="sr-only"> {name}</span>
      </button>
      <span role="status">{said}</span>
    </p>
  );
}
