/**
 * Cold build against a bare Astro reference, in the same run: the median of three rounds of the product's cold
 * build and a bare Astro build of the same listing pages, back to back (scripts/bench/cold-builds.ts). Ratio
 * budget: product / bare <= 2.4, on the median of the rounds' ratios; every round is printed.
 */
import { coldBuildRounds, eachRound, medianOf, type TimedBuild } from './cold-builds';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'bare-astro';

const seconds = (b: TimedBuild) => b.ms / 1000;
const cpuSeconds = (b: TimedBuild) => b.cpuMs / 1000;

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const rounds = await coldBuildRounds();
    const label = `${rounds.listings.toLocaleString('en-US')} listings`;
    const cpu = (builds: TimedBuild[]) => `CPU ${eachRound(builds.map(cpuSeconds), 1)} s`;
    return [
      info(
        SECTION,
        `bare Astro build, ${label} (median of ${rounds.bare.length})`,
        Math.round(medianOf(rounds.bare.map(seconds)) * 10) / 10,
        's',
        `rounds ${eachRound(rounds.bare.map(seconds), 1)} s; ${rounds.bare[0]?.pages} listing pages; ${cpu(rounds.bare)}`,
      ),
      info(
        SECTION,
        `product cold build, ${label} (median of ${rounds.product.length})`,
        Math.round(medianOf(rounds.product.map(seconds)) * 10) / 10,
        's',
        `rounds ${eachRound(rounds.product.map(seconds), 1)} s; ${rounds.product[0]?.pages} HTML pages; ${cpu(rounds.product)}`,
      ),
      atMost(
        SECTION,
        `product / bare Astro cold build, ${label} (median of ${rounds.ratios.length} rounds)`,
        Math.round(medianOf(rounds.ratios) * 100) / 100,
        'x',
        // 2.4x since the browse pages lost their weight for the same look (docs/performance.md, "The cold build").
        2.4,
        `rounds ${eachRound(rounds.ratios, 2)} (the second bare first); CPU ratios ${eachRound(rounds.cpuRatios, 2)}`,
      ),
    ];
  },
};

export default section;
