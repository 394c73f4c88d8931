import type { APIRoute, GetStaticPaths } from 'astro';
import { allBrowseListings } from '../../../data/snapshot';
import { type BrowseFile, browseFileName } from '../../../domain/browse-files';
import { allBrowseFiles, encodeBrowseFile } from '../../../domain/browse-parts';

/**
 * The listings files the browse view loads (D1): the whole set in parts, and one file per state and per type
 * (src/domain/browse-files.ts). Written at build time, never a database call.
 */
export const getStaticPaths = (async () =>
  allBrowseFiles((await allBrowseListings()).length).map((file) => ({
    params: { file: browseFileName(file) },
    props: { file },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { file } = props as { file: BrowseFile };
  return new Response(JSON.stringify(encodeBrowseFile(await allBrowseListings(), file)), {
    headers: { 'content-type': 'application/json' },
  });
};
