import type { APIRoute, GetStaticPaths } from 'astro';
import { DEFAULT_CARD, stateCard, typeCard } from '../../components/og-cards';
import { type OgCard, renderOgPng } from '../../components/og-image';
import { TYPE_ROUTES, US_STATES } from '../../domain/lists';
import { statePath } from '../../domain/slug';

/**
 * The share images (og:image) of the site, rendered at build time: /og/default.png for pages without their own,
 * /og/glamping-<state>.png (also shared by that state's listing pages) and /og/<type>.png. None depends on the
 * listings, so an incremental build keeps them all.
 */
export const getStaticPaths = (() => [
  { params: { image: 'default' }, props: { card: DEFAULT_CARD } },
  ...US_STATES.map((state) => ({
    params: { image: statePath(state).slice(1) },
    props: { card: stateCard(state) },
  })),
  ...TYPE_ROUTES.map((r) => ({ params: { image: r.path }, props: { card: typeCard(r.type) } })),
]) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(new Uint8Array(await renderOgPng((props as { card: OgCard }).card)), {
    headers: { 'Content-Type': 'image/png' },
  });
