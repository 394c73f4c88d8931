import { useEffect, useRef } from 'react';
import type { BrowseListing } from '../../domain/browse-data';
import { mapsHref, safeHttpUrl, telHref, verifiedLabel } from '../../domain/format';
import { goodToKnow } from '../../domain/good-to-know';
import { ratingText } from '../../domain/ratings';
import { listingPath } from '../../domain/slug';
import { closeListing } from '../../stores/dialog';
import { sendInsight } from '../shared/insights-beacon';
import { TitledSection } from '../shared/TitledSection';
import { Amenities, FeatureBadges, FeaturedBadge } from './Amenities';
import { ContactBlock } from './ContactBlock';
import { ListingActions } from './ListingActions';
import { useListingDetail } from './listing-detail';
import { PhotoGallery } from './PhotoGallery';
import { SaveButton } from './SaveButton';

const button = 'flex min-h-11 flex-1 items-center justify-center rounded-md px-2 py-2 text-sm font-semibold';

/**
 * The detail dialog (spec section 2): a native modal dialog, so focus stays inside, Escape closes it, and
 * focus goes back to the card's button.
 */
export function ListingDialog({ listing, photoBase }: { listing: BrowseListing | null; photoBase: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const loaded = useListingDetail(listing?.slug ?? null);
  const detail = loaded?.status === 'ready' ? loaded.value : null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (listing && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      sendInsight({ kind: 'dialog', listing: listing.slug });
    } else if (!listing && dialog.open) dialog.close();
  }, [listing]);

  const onClose = () => {
    closeListing();
    opener.current?.focus();
    opener.current = null;
  };

  const tel = listing ? telHref(listing.phone) : null;
  const website = safeHttpUrl(detail?.website_url);
  const lat = detail?.latitude ?? listing?.latitude ?? 0;
  const lng = detail?.longitude ?? listing?.longitude ?? 0;
  // only what the owner stated (D32); files from before the facts carry none.
  const good = detail?.facts ? goodToKnow(detail.facts) : [];

  return (
    <dialog
      ref={ref}
      aria-labelledby="listing-dialog-title"
      onClose={onClose}
      className="m-auto max-h-[90dvh] w-[min(42rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/60"
    >
      {listing && (
        <div className="flex flex-col gap-5 p-5 sm:p-6" data-insight-listing={listing.slug}>
          {detail && detail.photos.length > 0 && (
            <PhotoGallery
              key={listing.slug}
              photos={detail.photos}
              name={listing.property_name}
              base={photoBase}
            />
          )}
          <div className="flex items-start justify-between gap-3">
            <div>
              <h2 id="listing-dialog-title" className="text-2xl font-bold">
                {listing.property_name}
              </h2>
              <p className="text-stone-600">
                {listing.city}, {listing.state}
              </p>
              {listing.rating && (
                <p className="text-sm text-stone-800">
                  {ratingText(listing.rating.average, listing.rating.count)}
                </p>
              )}
              {listing.verified && (
                <p className="text-sm text-stone-600">{verifiedLabel(listing.verified)}</p>
              )}
            </div>
            <div className="flex items-center gap-2">
              {listing.featured && <FeaturedBadge />}
              <button
                type="button"
                onClick={() => ref.current?.close()}
                className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100"
              >
                Close
              </button>
            </div>
          </div>
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
            <Fact term="Accommodation Type" value={listing.accommodation_type} />
            <Fact term="Setting" value={listing.setting_type} />
            <Fact term="Price Range" value={listing.price_range ?? 'Contact for rates'} />
          </dl>
          <TitledSection title="About" level={3}>
            {loaded?.status === 'error' ? (
              <p className="text-sm text-stone-700">
                Details could not be loaded. <a href={listingPath(listing.slug)}>See the listing page</a>.
              </p>
            ) : (
              <p className="text-sm text-stone-700">
                {detail ? detail.description || 'No description yet.' : 'Loading details...'}
              </p>
            )}
          </TitledSection>
          {good.length > 0 && (
            <TitledSection title="Good to know" level={3}>
              <FeatureBadges features={good} />
            </TitledSection>
          )}
          <TitledSection title="Amenities & Features" level={3}>
            {listing.amenities.length > 0 ? (
              <Amenities amenities={listing.amenities} />
            ) : (
              <p className="text-sm text-stone-700">No amenities listed.</p>
            )}
          </TitledSection>
          {listing.features.length > 0 && (
            <TitledSection title="Special Features" level={3}>
              <FeatureBadges features={listing.features} />
            </TitledSection>
          )}
          <ContactBlock listing={listing} detail={detail} />
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
            This directory is free to use: we take no bookings, fees or commissions. Please verify rates,
            availability and other information directly with the property before you travel.
          </p>
          <a href={listingPath(listing.slug)} className="text-sm font-semibold text-emerald-800 underline">
            Open the full listing page for {listing.property_name}
          </a>
          <ListingActions slug={listing.slug} name={listing.property_name} />
          {/* The contact bar stays at the bottom of the dialog while it scrolls: calling is one tap away. */}
          {/* biome-ignore lint/a11y/useSemanticElements: links and a button, not form fields: a fieldset would misname them */}
          <div
            role="group"
            aria-label="Contact"
            className="sticky bottom-0 -mx-5 -mb-5 flex gap-2 border-t border-stone-200 bg-white/95 px-5 py-2 backdrop-blur sm:-mx-6 sm:-mb-6 sm:px-6"
          >
            {tel && (
              <a href={tel} className={`${button} bg-emerald-800 text-white hover:bg-emerald-900`}>
                Call Now
              </a>
            )}
            {website && (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={`${button} border border-stone-300 hover:bg-stone-100`}
              >
                Visit Website
              </a>
            )}
            <a
              href={mapsHref(lat, lng)}
              target="_blank"
              rel="noopener noreferrer"
              className={`${button} border border-stone-300 hover:bg-stone-100`}
            >
              View on Map
            </a>
            <SaveButton slug={listing.slug} name={listing.property_name} withText />
          </div>
        </div>
      )}
    </dialog>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-md bg-stone-50 p-3">
      <dt className="text-xs tracking-wide text-stone-600 uppercase">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
