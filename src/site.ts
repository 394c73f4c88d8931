/**
 * Site settings: facts about the organisation that cannot be computed from the listings (D10).
 * Components read these instead of repeating literals.
 */

/** Where travelers and owners write to us. */
export const SUPPORT_EMAIL = 'support@glampingdirectoryusa.com';

/** Support hours, Mountain time (spec section 2, contact page). */
export const SUPPORT_HOURS = [
  { days: 'Monday-Friday', hours: '9:00 AM - 6:00 PM' },
  { days: 'Saturday-Sunday', hours: '10:00 AM - 4:00 PM' },
] as const;
export const SUPPORT_TIMEZONE = 'Mountain Time (MT)';

/** Our profiles on social networks, in the order the footer shows them. */
export const SOCIAL_PROFILES = [
  { name: 'Facebook', href: 'https://www.facebook.com/glampingdirectoryusa' },
  { name: 'Instagram', href: 'https://www.instagram.com/glampingdirectoryusa' },
  { name: 'Pinterest', href: 'https://www.pinterest.com/glampingdirectoryusa' },
  { name: 'X (Twitter)', href: 'https://x.com/glampingdirusa' },
] as const;

/** The X handle for twitter:site metadata. */
export const TWITTER_HANDLE = '@glampingdirusa';

/** Hours within which staff review a new listing (spec section 9). */
export const REVIEW_HOURS = 24;

/** Hours within which we answer a contact message (spec section 9): contact page, toast, staff notification. */
export const REPLY_HOURS = 24;

/** Days within which we answer privacy requests (spec section 9). */
export const PRIVACY_RESPONSE_DAYS = 30;

/** Words every page's keywords start from; pages add their own. */
export const DEFAULT_KEYWORDS = [
  'glamping',
  'glamping directory',
  'luxury camping',
  'glamping near me',
  'yurts',
  'safari tents',
  'treehouses',
];

/** Default social sharing image (1200x630, built by src/pages/og/[...image].png.ts), relative to the site root. */
export const DEFAULT_OG_IMAGE = '/og/default.png';
