import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { keyedStaticPaths } from '../../../build/incremental/static-paths';
import { loadGazetteer } from '../../../data/gazetteer';
import { gazetteerPieces } from '../../../domain/places/gazetteer-build';

/**
 * The gazetteer in pieces: the towns whose key starts with two characters (/data/places/as.json) or the
 * ZIP codes that start with three digits (/data/places/288.json). The location field loads the one piece a lookup
 * needs when the visitor types, never the whole list; written at build time, no geocoding service.
 */
export const getStaticPaths = keyedStaticPaths({
  route: 'place-piece',
  file: (p) => `data/places/${p.params.piece}.json`,
  // In a build written whole, not rendered path by path (docs/incremental-build.md); GET serves them in astro dev.
  write: (p) => JSON.stringify(p.props.data),
  // Made from the zipcodes package alone (in the build's fingerprint): an incremental build carries every piece
  // without loading the package or building the gazetteer again (about 1.5 s of every rebuild).
  codeOnly: true,
  // Keyed by its props, the piece itself.
  paths: async () =>
    [...gazetteerPieces(await loadGazetteer())].map(([piece, data]) => ({
      params: { piece },
      props: { data },
    })),
}) satisfies GetStaticPaths;

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) =>
  new Response(JSON.stringify(props.data), { headers: { 'content-type': 'application/json' } });
