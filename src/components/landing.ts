import { formatCount } from '../domain/format';
import type { AccommodationType, UsState } from '../domain/lists';
import type { Filters } from '../domain/schemas/filters';
import { PAGE_SIZE } from '../domain/search';
import { statePath, typePath } from '../domain/slug';
import { stateCard, typeCard } from './og-cards';
import type { OgCard } from './og-image';

/**
 * Landing pages (a state, an accommodation type) are split into static pages of PAGE_SIZE listings: /yurts,
 * /yurts/2, ... so that every listing is reachable from them through plain links, without JS (crawlers). Each page
 * is its own canonical URL.
 */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** The path of page `n` of a landing page whose first page is `base`. */
export const landingPagePath = (base: string, n: number): string => (n <= 1 ? base : `${base}/${n}`);

/** What a landing page says about itself, from what it lists and how many. */
export interface Landing {
  basePath: string;
  preset: Partial<Filters>;
  title: string;
  heading: string;
  description: string;
  lead: string;
  keywords: string[];
  /** What its share image says (the image is /og<basePath>.png). */
  card: OgCard;
}

export function stateLanding(state: UsState, count: number): Landing {
  const sites = `${formatCount(count)} verified glamping ${count === 1 ? 'site' : 'sites'}`;
  return {
    basePath: statePath(state),
    preset: { state },
    title: `Glamping in ${state}`,
    heading: `Glamping in ${state}`,
    description: `Browse ${sites} in ${state}: safari tents, yurts, treehouses, cabins and more. Free directory, no booking fees.`,
    lead: `${sites} in ${state}, with no fees and no commissions.`,
    keywords: [`glamping ${state}`, `${state} glamping`, `luxury camping ${state}`],
    card: stateCard(state, count),
  };
}

export function typeLanding(type: AccommodationType, count: number): Landing {
  const sites = `${formatCount(count)} verified ${count === 1 ? 'listing' : 'listings'}`;
  return {
    basePath: typePath(type),
    preset: { accommodationType: type },
    title: `${type} Glamping in the USA`,
    heading: `${type} Glamping`,
    description: `Find ${type.toLowerCase()} for glamping across the USA: ${sites} with contact details. Free directory, no booking fees.`,
    lead: `${sites} across the USA, with no fees and no commissions.`,
    keywords: [`${type.toLowerCase()} glamping`, `${type.toLowerCase()} rentals`],
    card: typeCard(type, count),
  };
}

/** getStaticPaths entries for pages 2.. of every landing page, from the number of listings each has. */
export function laterPages<T extends object>(
  groups: ReadonlyArray<{ params: Record<string, string>; props: T; total: number }>,
): Array<{ params: Record<string, string>; props: T & { page: number } }> {
  return groups.flatMap((g) =>
    Array.from({ length: pageCount(g.total) - 1 }, (_, i) => ({
      params: { ...g.params, page: String(i + 2) },
      props: { ...g.props, page: i + 2 },
    })),
  );
}
