import { z } from 'zod';

/**
 * zod for every shared schema, configured once before any schema is built. `jitless`: zod 4 otherwise probes
 * `new Function` when it builds an object schema, to compile a faster parser; under our Content-Security-Policy
 * (script-src without 'unsafe-eval', netlify.toml) that probe is reported as a violation in the browser console
 * and costs Lighthouse's Best Practices points. The same setting on the server keeps one code path for both:
 * parsing a form-sized object without the compiled parser costs microseconds.
 */
z.config({ jitless: true });

export { z };
