import { formatPhone, safeHttpUrl } from './format';
import type { Listing } from './schemas/listing';

/** schema.org data for a listing page (D16): a campground that is also a lodging business. */
export function listingJsonLd(listing: Listing, pageUrl: string): Record<string, unknown> {
  const website = safeHttpUrl(listing.website_url);
  return {
    '@context': 'https://schema.org',
    '@type': ['Campground', 'LodgingBusiness'],
    '@id': pageUrl,
    name: listing.property_name,
    description: listing.description || undefined,
    url: website ?? pageUrl,
    telephone: formatPhone(listing.phone) || undefined,
    priceRange: listing.price_range ?? undefined,
    email: listing.public_email ?? undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: listing.street_address,
      addressLocality: listing.city,
      addressRegion: listing.state,
      postalCode: listing.zip_code,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: listing.latitude, longitude: listing.longitude },
    amenityFeature: listing.amenities.map((name) => ({
      '@type': 'LocationFeatureSpecification',
      name,
      value: true,
    })),
  };
}

/**
 * JSON for a <script> element: '<' and the two JavaScript line separators are escaped, so data can never close
 * the element or start a comment (D26).
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
