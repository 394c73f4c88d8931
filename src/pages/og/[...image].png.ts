import type { APIRoute, GetStaticPaths } from 'astro';
import { keyedPaths } from '../../build/partial-build';
import { DEFAULT_CARD, stateCard, typeCard } from '../../components/og-cards';
import { type OgCard, renderOgPng } from '../../components/og-image';
import { allListings } from '../../data/snapshot';
import { TYPE_ROUTES, US_STATES } from '../../domain/lists';
import { statePath } from '../../domain/slug';

/**
 * The share images (og:image) of the site, rendered at build time: /og/default.png for pages without their own, and
 * /og/glamping-<state>.png (also shared by that state's listing pages) and /og/<type>.png with their figures.
 */
export const getStaticPaths = (async () => {
  const listings = await allListings();
  const count = (pick: (l: (typeof listings)[number]) => boolean) => listings.filter(pick).length;
  const paths = [
    { params: { image: 'default' }, props: { card: DEFAULT_CARD } },
    ...US_STATES.map((state) => ({
      params: { image: statePath(state).slice(1) },
      props: {
        card: stateCard(
          state,
          count((l) => l.state === state),
        ),
      },
    })),
    ...TYPE_ROUTES.map((r) => ({
      params: { image: r.path },
      props: {
        card: typeCard(
          r.type,
          count((l) => l.accommodation_type === r.type),
        ),
      },
    })),
  ];
  // An image shows its card only (partial builds: drawn again when the card changes).
  return keyedPaths('og-image', paths, (p) => `og/${p.params.image}.png`);
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(new Uint8Array(await renderOgPng((props as { card: OgCard }).card)), {
    headers: { 'Content-Type': 'image/png' },
  });
