import { ConfigError } from '../../src/data/config';

/** Runs a script's main: a configuration mistake prints one clear line; anything else fails loudly. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
    } else {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    }
    process.exit(1);
  });
}

/** One progress line, prefixed so it stands out among Astro's own output. */
export function say(line: string): void {
  console.log(`▸ ${line}`);
}
