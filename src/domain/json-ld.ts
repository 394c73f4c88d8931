/**
 * schema.org data for every page type (D16): pure functions of the page's data and URLs. The shapes follow
 * schema.org's vocabulary (Campground, BreadcrumbList, WebSite + SearchAction, Organization, BlogPosting, ItemList);
 * tests/unit/json-ld.test.ts and tests/e2e/seo.test.ts check the properties search engines read.
 */
import type {
  BlogPosting,
  BreadcrumbList,
  Campground,
  ItemList,
  Organization,
  SearchAction,
  WebSite,
  WithContext,
} from 'schema-dts';
import { phoneDigits, safeHttpUrl } from './format';
import { type AccommodationType, PRICE_RANGES, SITE_NAME } from './lists';
import { photoUrl } from './photos';
import type { Listing } from './schemas/listing';
import { listingPath, statePath, typePath } from './slug';

// Typed with schema.org's own vocabulary (schema-dts, types only): a misspelt property or a wrong value type is a
// compile error. JSON.stringify drops the properties left undefined.
const CONTEXT = 'https://schema.org' as const;
type Optional<T> = { [K in keyof T]?: T[K] | undefined };

/** A listing is a Campground, which schema.org defines as a LodgingBusiness too; both are named for readers. */
type ListingThing = Optional<Omit<Exclude<WithContext<Campground>, string>, '@type' | '@context'>> & {
  '@context': typeof CONTEXT;
  '@type': ['Campground', 'LodgingBusiness'];
};

/** SearchAction's query-input, which schema-dts spells only as a structured PropertyValueSpecification. */
type SearchActionWithInput = Exclude<SearchAction, string> & { 'query-input': string };

/** A US phone number in international form (+1-555-123-4567), or undefined when it is not 10 digits. */
export function internationalPhone(raw: string): string | undefined {
  const d = phoneDigits(raw);
  return d.length === 10 ? `+1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : undefined;
}

/** A stored price range as currency signs ('Luxury' -> '$$$'), the form search engines read. */
export function schemaPriceRange(value: string | null | undefined): string | undefined {
  return PRICE_RANGES.find((p) => p.value === value)?.signs;
}

/** The visible breadcrumb of a listing page (Browse / state / type): the page and its JSON-LD both render this. */
export function listingBreadcrumb(listing: Listing): Array<{ name: string; path: string }> {
  return [
    { name: 'Browse', path: '/browse' },
    { name: listing.state, path: statePath(listing.state) },
    { name: listing.accommodation_type, path: typePath(listing.accommodation_type as AccommodationType) },
  ];
}

/** A BreadcrumbList of the trail's links, resolved against the site origin. */
export function breadcrumbJsonLd(
  trail: ReadonlyArray<{ name: string; path: string }>,
  site: string,
): WithContext<BreadcrumbList> {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: new URL(crumb.path, site).href,
    })),
  };
}

/** schema.org data for a listing page (D16): a campground that is also a lodging business. */
export function listingJsonLd(listing: Listing, pageUrl: string, photoBase?: string): ListingThing {
  const website = safeHttpUrl(listing.website_url);
  // The owner's photos, largest JPEG each, cover first; then any outside image addresses staff added.
  const photos = photoBase
    ? listing.photos.map(
        (p) => new URL(photoUrl(photoBase, p.id, Math.max(...p.widths), 'jpeg'), pageUrl).href,
      )
    : [];
  const images = [
    ...photos,
    ...listing.images.map((i) => safeHttpUrl(i)).filter((i): i is string => i !== null),
  ];
  return {
    '@context': CONTEXT,
    '@type': ['Campground', 'LodgingBusiness'],
    '@id': pageUrl,
    name: listing.property_name,
    description: listing.description || undefined,
    url: website ?? pageUrl,
    image: images.length > 0 ? images : undefined,
    telephone: internationalPhone(listing.phone),
    priceRange: schemaPriceRange(listing.price_range),
    email: listing.public_email ?? undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: listing.street_address,
      addressLocality: listing.city,
      addressRegion: listing.state,
      postalCode: listing.zip_code,
      addressCountry: 'US',
    },
    // Numbers as stored (double precision): never rounded for display.
    geo: { '@type': 'GeoCoordinates', latitude: listing.latitude, longitude: listing.longitude },
    // when the listing was last checked. A place has no date of its own; its page (schema.org's
    // mainEntityOfPage) was "last reviewed for accuracy" then. Small on purpose: HTML budget.
    mainEntityOfPage: listing.verified_at
      ? { '@type': 'WebPage', lastReviewed: listing.verified_at.slice(0, 10) }
      : undefined,
    amenityFeature: [
      ...listing.amenities.map((name) => ({
        '@type': 'LocationFeatureSpecification' as const,
        name,
        value: true,
      })),
      ...factFeatures(listing),
    ],
    // only what the owner stated (D32); not stated leaves the property out rather than saying no.
    petsAllowed: listing.pets_allowed ?? undefined,
    maximumAttendeeCapacity: listing.sleeps ?? undefined,
  };
}

/** When a listing page last changed: its row's update or its last verification, whichever is later (sitemap). */
export function listingLastModified(listing: Listing): string {
  const at = [listing.updated_at, listing.verified_at ?? ''].map((t) => (t ? Date.parse(t) : 0));
  return new Date(Math.max(...at)).toISOString();
}

/**
 * Wheelchair access as a named feature, only when stated (schema.org has no property of its own for it). The other
 * facts without a property (season, kids, minimum stay) stay on the page only: every listing page carries its
 * JSON-LD, and the page budget has no room for features no search engine reads.
 */
function factFeatures(listing: Listing) {
  if (listing.wheelchair_accessible === null) return [];
  return [
    {
      '@type': 'LocationFeatureSpecification' as const,
      name: 'Wheelchair accessible',
      value: listing.wheelchair_accessible,
      ...(listing.accessibility_note ? { description: listing.accessibility_note } : {}),
    },
  ];
}

/** The organisation's node id: the home page defines it, the site and blog posts refer to it. */
const organizationId = (site: string) => new URL('/#organization', site).href;

/** The organisation behind the site, referenced by the home page and blog posts. */
export function organizationJsonLd(
  site: string,
  sameAs: readonly string[],
  email: string,
): WithContext<Organization> {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(site),
    name: SITE_NAME,
    url: new URL('/', site).href,
    logo: new URL('/favicon.svg', site).href,
    email,
    sameAs: [...sameAs],
  };
}

/** The site with its search box: a search engine may offer a search field that lands on /browse?search=. */
export function webSiteJsonLd(site: string): WithContext<WebSite> {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': new URL('/#website', site).href,
    name: SITE_NAME,
    url: new URL('/', site).href,
    publisher: { '@id': organizationId(site) },
    potentialAction: <SearchActionWithInput>{
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${new URL('/browse', site).href}?search={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** A blog article with its dates and author. */
export function blogPostingJsonLd(
  post: { title: string; description: string; author: string; publishedAt: Date; updatedAt?: Date },
  pageUrl: string,
  site: string,
): WithContext<BlogPosting> {
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    '@id': pageUrl,
    mainEntityOfPage: pageUrl,
    headline: post.title,
    description: post.description,
    datePublished: post.publishedAt.toISOString(),
    dateModified: (post.updatedAt ?? post.publishedAt).toISOString(),
    author: { '@type': 'Person', name: post.author },
    publisher: { '@id': organizationId(site), '@type': 'Organization', name: SITE_NAME },
  };
}

/**
 * The listings a landing page shows, in order; `offset` is where this page starts in the whole list. Each item is
 * its position and its page's URL, what search engines read from a list of links to pages of their own (a summary
 * page's ItemList); the names are on the cards and on those pages.
 */
export function itemListJsonLd(
  name: string,
  listings: ReadonlyArray<{ slug: string }>,
  total: number,
  offset: number,
  site: string,
): WithContext<ItemList> {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    numberOfItems: total,
    itemListElement: listings.map((l, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: new URL(listingPath(l.slug), site).href,
    })),
  };
}

/**
 * JSON for a <script> element: '<' and the two JavaScript line separators are escaped, so data can never close
 * the element or start a comment (D26).
 */
export function serializeJsonLd(data: unknown): string {
  // One pass over the text rather than one per character escaped: every listing and landing page serializes its data.
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => JSON_LD_ESCAPES[c]!);
}

const JSON_LD_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
