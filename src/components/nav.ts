import { POPULAR_STATES, POPULAR_TYPES } from '../domain/lists';
import { statePath, typePath } from '../domain/slug';

/** A link of the header, menu or footer. */
export interface NavLink {
  href: string;
  label: string;
}

/** The header's links in the spec's order (section 2, Header); the last is the call to action. */
export const HEADER_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/browse', label: 'Browse Listings' },
  { href: '/states', label: 'By State' },
  { href: '/accommodation-types', label: 'Types' },
  // Owners' one entry: list, sign in, manage, claim.
  { href: '/for-owners', label: 'For Owners' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
];

/** The site's own pages: the footer's "Directory" group, and the sitemap's main pages. */
export const DIRECTORY_LINKS: readonly NavLink[] = [
  { href: '/about', label: 'About Us' },
  { href: '/list-property', label: 'List Your Property' },
  { href: '/for-owners', label: 'Owner Sign In & Claims' },
  { href: '/how-it-works', label: 'How It Works' },
  { href: '/blog', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
];

/** The policies and help pages: the footer's "Legal & Help" group, and the sitemap's. */
export const LEGAL_LINKS: readonly NavLink[] = [
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Service' },
  { href: '/sitemap', label: 'Sitemap' },
  { href: '/accessibility', label: 'Accessibility' },
];

/** The footer's links (spec section 2, Footer), grouped under headings. */
export const FOOTER_GROUPS: ReadonlyArray<{ heading: string; links: readonly NavLink[] }> = [
  {
    heading: 'Popular States',
    links: [
      // The footer has room for the first six.
      ...POPULAR_STATES.slice(0, 6).map((s) => ({
        href: statePath(s),
        label: `${s} Glamping`,
      })),
      { href: '/states', label: 'All States' },
    ],
  },
  {
    heading: 'Accommodation Types',
    links: [
      ...POPULAR_TYPES.map((t) => ({ href: typePath(t), label: t === 'Domes (Geodomes)' ? 'Domes' : t })),
      { href: '/accommodation-types', label: 'All Types' },
    ],
  },
  { heading: 'Directory', links: DIRECTORY_LINKS },
  { heading: 'Legal & Help', links: LEGAL_LINKS },
];

/** True when a link points at the page being rendered (for aria-current). */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.replace(/\.html$/, '').replace(/\/+$/, '') || '/';
  return href === path;
}
