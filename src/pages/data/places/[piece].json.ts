import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { writtenPaths } from '../../../build/partial-build';
import { loadGazetteer } from '../../../data/gazetteer';
import { gazetteerPieces } from '../../../domain/places/gazetteer-build';

/**
 * The gazetteer in pieces (issue 17): the towns whose key starts with two characters (/data/places/as.json) or the
 * ZIP codes that start with three digits (/data/places/288.json). The location field loads the one piece a lookup
 * needs when the visitor types, never the whole list; written at build time, no geocoding service.
 */
export const getStaticPaths = (async () => {
  const pieces = gazetteerPieces(await loadGazetteer());
  const paths = [...pieces].map(([piece, data]) => ({ params: { piece }, props: { data } }));
  // In a build written in one go, not path by path (src/build/partial-build.ts); GET serves them in astro dev.
  return writtenPaths(
    paths,
    (p) => `data/places/${p.params.piece}.json`,
    (p) => JSON.stringify(p.props.data),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) =>
  new Response(JSON.stringify(props.data), { headers: { 'content-type': 'application/json' } });
