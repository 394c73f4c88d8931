import { claimPath } from '../domain/slug';

/** The dialog's twin of src/components/ListingActions.astro: small links about the listing itself (issue 14). */
export function ListingActions({ slug }: { slug: string }) {
  return (
    <p className="text-sm">
      <a href={claimPath(slug)} className="font-medium text-emerald-800 underline">
        Is this your property?
      </a>
    </p>
  );
}
