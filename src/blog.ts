/** Blog categories in the spec's order (section 9); 'All' is the filter that shows every article. */
export const BLOG_CATEGORIES = [
  'Destinations',
  'Tips & Guides',
  'Sustainability',
  'Seasonal',
  'Family Travel',
  'Comparison',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** Minutes to read a text at about 220 words a minute, at least 1. */
export function readingMinutes(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}

/** 'March 4, 2026' for a date, in UTC so the build machine's zone never shifts the day. */
export function formatPostDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
