import './env';
import { ConfigError } from '../../src/config';

/** Runs a script's main: a configuration mistake prints one clear line; anything else fails loudly. */
/** A reason to stop that the user can act on: printed as one line, without a stack. */
export class StopError extends Error {}

export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
    } else if (error instanceof StopError) {
      console.error(error.message);
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
