import { createRequire } from 'node:module';
import { buildGazetteer, type Gazetteer } from '../domain/places/gazetteer-build';

type ZipData = typeof import('zipcodes/lib/codes.js')['default'];

let loading: Promise<Gazetteer> | null = null;

/**
 * The offline gazetteer of US places (D28), built once per process from the `zipcodes` package (BSD licence; 5 MB
 * of JavaScript, so it is read only when first needed). Server and build only: browsers get it in small pieces
 * (src/pages/data/places/[piece].json.ts).
 */
export function loadGazetteer(): Promise<Gazetteer> {
  // Required rather than imported: an import of CommonJS from an ES module first scans its 5 MB for the
  // names it exports, about 0.1 s of every build.
  loading ??= Promise.resolve().then(() => {
    const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as ZipData;
    return buildGazetteer(Object.values(codes));
  });
  return loading;
}

/** Finds a `near` key (ZIP code or town key) in the whole gazetteer: for the build, scripts and tests. */
export const findInGazetteer = async (near: string) => {
  const { zips, towns } = await loadGazetteer();
  return zips.get(near) ?? towns.get(near) ?? null;
};
