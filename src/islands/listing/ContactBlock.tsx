import type { BrowseListing, ListingDetail } from '../../domain/browse-data';
import { formatPhone, safeHttpUrl, telHref } from '../../domain/format';
import { TitledSection } from '../shared/TitledSection';

const linkClass = 'font-medium text-emerald-800 underline';

/** The dialog's contact block: phone, location, website and e-mail only when they are real (D17, D26). */
export function ContactBlock({ listing, detail }: { listing: BrowseListing; detail: ListingDetail | null }) {
  const tel = telHref(listing.phone);
  const phone = formatPhone(listing.phone);
  const website = safeHttpUrl(detail?.website_url);
  const email = detail?.public_email ?? null;
  return (
    <TitledSection
      title="Contact"
      level={3}
      className="rounded-md border border-stone-200 p-4"
      headingClassName="mb-2 font-semibold"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">Phone</dt>
        <dd>
          {tel ? (
            <a href={tel} className={linkClass}>
              {phone}
            </a>
          ) : (
            phone || 'Not listed'
          )}
        </dd>
        <dt className="text-stone-600">Location</dt>
        <dd>
          {detail?.street_address && `${detail.street_address}, `}
          {listing.city}, {listing.state} {listing.zip_code}
        </dd>
        {website && (
          <>
            <dt className="text-stone-600">Website</dt>
            <dd className="break-all">
              <a href={website} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
                {new URL(website).host}
              </a>
            </dd>
          </>
        )}
      </dl>
      {email && (
        <a
          href={`mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`}
          className={`mt-3 inline-block ${linkClass}`}
        >
          Send Email
        </a>
      )}
    </TitledSection>
  );
}
