/**
 * How long Astro spends generating the pages of a build (rendering and writing them, after bundling): an Astro
 * logger destination (config `logger.entrypoint`) that notes when the "generating static routes" phase starts and
 * ends. Warnings and errors still reach the console.
 */
import { fileURLToPath } from 'node:url';
import type { AstroInlineConfig } from 'astro';

interface Event {
  level: string;
  label: string | null;
  message: string;
}
// Astro imports this module by path, perhaps as another instance than the bench's: the state is process-wide.
const KEY = Symbol.for('glamping-directory.bench-render-timer');
const scope = globalThis as { [KEY]?: { start: number | null; ms: number | null } };
const state = () => {
  scope[KEY] ??= { start: null, ms: null };
  return scope[KEY];
};

/** The destination Astro creates from `logger.entrypoint`. */
export default function renderTimerDestination() {
  return {
    write(event: Event) {
      const s = state();
      if (event.message.includes('generating static routes')) s.start = performance.now();
      else if (s.start !== null && s.ms === null && event.message.includes('Completed in'))
        s.ms = performance.now() - s.start;
      if (event.level === 'warn' || event.level === 'error')
        console.error(`${event.label ? `[${event.label}] ` : ''}${event.message}`);
    },
  };
}

/** Inline config for one build, and the page-generation time once it is done (null if Astro never said). */
export function renderTimer(): { inline: AstroInlineConfig; ms(): number | null } {
  scope[KEY] = { start: null, ms: null };
  return {
    inline: { logLevel: 'info', logger: { entrypoint: fileURLToPath(import.meta.url) } },
    ms: () => state().ms,
  };
}
