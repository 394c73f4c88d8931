import type { APIRoute, GetStaticPaths } from 'astro';
import { keyedStaticPaths } from '../../../build/incremental/static-paths';
import { allBrowseListings } from '../../../data/snapshot';
import { browseFileName } from '../../../domain/browse-files';
import { allBrowseFiles, encodeBrowseFile } from '../../../domain/browse-parts';

/**
 * The listings files the browse view loads (D1): the whole set in parts, and one file per state and per type
 * (src/domain/browse-files.ts). Written at build time, never a database call.
 *
 * Each file holds positions in the whole set, so what it shows depends on every listing: its key is its body (the
 * default key, the digest of the props). The bodies are encoded once per build, and a build writes only the files
 * whose body changed (keyedStaticPaths' `write`, docs/incremental-build.md): a published review changes three of
 * them, not the ~80 Astro rendered before. This GET serves them in astro dev.
 */
export const getStaticPaths = keyedStaticPaths({
  route: 'browse-file',
  file: (p) => `data/browse/${p.params.file}.json`,
  write: (p) => p.props.body,
  paths: async () => {
    const all = await allBrowseListings();
    return allBrowseFiles(all.length).map((file) => ({
      params: { file: browseFileName(file) },
      props: { body: JSON.stringify(encodeBrowseFile(all, file)) },
    }));
  },
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { body: string }).body, { headers: { 'content-type': 'application/json' } });
