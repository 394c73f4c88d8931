import type { APIRoute, GetStaticPaths } from 'astro';
import { keyedStaticPaths } from '../../build/incremental/static-paths';
import { DEFAULT_CARD, stateCard, typeCard } from '../../components/og-cards';
import { type OgCard, renderOgPng } from '../../components/og-image';
import { listingGroups } from '../../data/snapshot';
import { TYPE_ROUTES, US_STATES } from '../../domain/lists';
import { statePath } from '../../domain/slug';

/**
 * The share images (og:image) of the site, rendered at build time: /og/default.png for pages without their own, and
 * /og/glamping-<state>.png (also shared by that state's listing pages) and /og/<type>.png with their figures.
 */
export const getStaticPaths = keyedStaticPaths({
  route: 'og-image',
  file: (p) => `og/${p.params.image}.png`,
  // An image shows its card only, its props: drawn again when the card changes.
  paths: async () => {
    // Counted from the groups made once per build (README, "The cold build"), not by filtering every listing for
    // each card.
    const { byState, byType } = await listingGroups();
    return [
      { params: { image: 'default' }, props: { card: DEFAULT_CARD } },
      ...US_STATES.map((state) => ({
        params: { image: statePath(state).slice(1) },
        props: {
          card: stateCard(state, byState.get(state)?.length ?? 0),
        },
      })),
      ...TYPE_ROUTES.map((r) => ({
        params: { image: r.path },
        props: {
          card: typeCard(r.type, byType.get(r.type)?.length ?? 0),
        },
      })),
    ];
  },
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(new Uint8Array(await renderOgPng((props as { card: OgCard }).card)), {
    headers: { 'Content-Type': 'image/png' },
  });
