/**
 * GET /badge/<slug>.svg: the badge an owner embeds on their own site (docs/insights.md), "Verified on ..., <Month
 * Year>". It carries no tracking: a plain image, counted nowhere, that may be cached for an hour and changes when the
 * listing is re-verified (its ETag is the verification date). A listing that is not public, or a slug of nothing,
 * answers 404 with a neutral image naming only the directory: never another listing's data.
 */
import type { InsightsStore } from '../../data/insights-store';
import { badgeSvg, neutralBadgeSvg } from '../../domain/insights-figures';
import { endpoint, type FunctionContext, StoreUnavailable } from '../http';
import { errorText } from '../log';

const SLUG = /^\/badge\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

export interface BadgeDeps {
  store: () => Promise<InsightsStore>;
  log?: (line: string) => void;
}

function svg(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      // An SVG opened on its own is a document: nothing in it may run or load anything.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      // Other sites embed it: an image any origin may show.
      'cross-origin-resource-policy': 'cross-origin',
      ...headers,
    },
  });
}

export function createBadgeHandler(deps: (context: FunctionContext) => BadgeDeps) {
  return endpoint({ methods: ['GET', 'HEAD'] }, async (req, context) => {
    const slug = SLUG.exec(new URL(req.url).pathname)?.[1];
    const d = deps(context);
    let listing: { verified_at: string; rating: number | null } | null = null;
    if (slug) {
      try {
        listing = await (await d.store()).badgeListing(slug);
      } catch (error) {
        (d.log ?? console.error)(`Badge store unavailable: ${errorText(error)}`);
        throw new StoreUnavailable('Badge store unavailable');
      }
    }
    if (!listing) return svg(404, neutralBadgeSvg(), { 'cache-control': 'public, max-age=300' });
    // It changes when the listing is re-verified or its rating moves.
    const etag = `"${listing.verified_at}/${listing.rating ?? '-'}"`;
    const cache = { 'cache-control': 'public, max-age=3600', etag };
    if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: cache });
    return svg(200, badgeSvg(listing.verified_at, listing.rating), cache);
  });
}
