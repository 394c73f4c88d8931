/**
 * The environment variables the product reads, each with its format and what it is for: the schema that
 * src/config.ts validates once and turns into the configuration. `.env.example` documents the same variables.
 */
import { EMAIL_PATTERN } from './domain/schemas/forms';
import { z } from './domain/schemas/z';

// Empty or blank counts as unset, as people write `KEY=` in .env files.
const optional = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

function urlOf(protocols: string[]) {
  const expected = protocols.map((p) => `${p}//`).join(' or ');
  return optional.superRefine((value, ctx) => {
    if (value === undefined) return;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `is not a valid URL (expected ${expected}...)` });
      return;
    }
    if (!protocols.includes(url.protocol))
      ctx.addIssue({ code: 'custom', message: `must start with ${expected}` });
    else if (!url.hostname) ctx.addIssue({ code: 'custom', message: 'has no host name' });
  });
}

const flag = optional.transform((v) => v === '1' || v?.toLowerCase() === 'true');

/** Every variable the product reads, with what it is for. */
export const envSchema = z.object({
  APP_ENV: optional.describe('`production` applies the production rules outside Netlify too'),
  NETLIFY: optional.describe('set to `true` by Netlify in its builds and functions'),
  CONTEXT: optional.describe('Netlify deploy context: production, deploy-preview, branch-deploy, dev'),
  SITE_URL: urlOf(['https:', 'http:']).describe('public origin (canonical URLs, sitemap, e-mail links)'),
  URL: urlOf(['https:', 'http:']).describe("set by Netlify: the site's main URL"),
  DEPLOY_PRIME_URL: urlOf(['https:', 'http:']).describe("set by Netlify: this deploy's own URL"),
  PORT: optional
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) > 0 && Number(v) < 65536), {
      message: 'must be a port number (1-65535)',
    })
    .describe('port of the local server (default 4321)'),
  PGLITE_DIR: optional.describe('folder of the embedded database (default .data/pglite)'),
  PHOTOS_DIR: optional.describe('local only: folder of uploaded photos (default .data/photos)'),
  SEED_VERIFIED: optional
    .refine((v) => v === undefined || /^[1-9]\d{0,5}$/.test(v), {
      message: 'must be a whole number of listings',
    })
    .describe('how many verified sample listings `npm run seed` generates (default 1200)'),
  LOCAL_STATE_DIR: optional.describe('where npm start keeps builds, caches and server.json (default .data)'),
  DATABASE_URL: urlOf(['postgres:', 'postgresql:']).describe(
    "a PostgreSQL server instead of the embedded one; in production Supabase's pooler (transaction mode, port 6543)",
  ),
  SUPABASE_URL: urlOf(['https:', 'http:']).describe('Supabase project URL: photo files in Supabase Storage'),
  SUPABASE_SERVICE_ROLE_KEY: optional.describe(
    'Supabase service-role key: photo uploads to Supabase Storage',
  ),
  SMTP_URL: urlOf(['smtp:', 'smtps:']).describe('SMTP server for e-mail (required in production)'),
  EMAIL_FROM: optional.describe('sender of every e-mail (required in production)'),
  STAFF_EMAIL: optional.describe('mailbox of staff notifications (required in production)'),
  EMAIL_OUTBOX_DIR: optional.describe(
    'local only: folder of .eml files when SMTP_URL is unset (default .data/outbox)',
  ),
  STAFF_EMAILS: optional
    .refine((v) => v === undefined || v.split(',').every((e) => EMAIL_PATTERN.test(e.trim())), {
      message: 'must be e-mail addresses separated by commas',
    })
    .describe(
      'first staff who may sign in to /staff, comma-separated (default STAFF_EMAIL); then kept in the console',
    ),
  STAFF_TOKEN: optional.describe('bearer token of POST /api/staff (at least 32 characters in production)'),
  NETLIFY_BUILD_HOOK_URL: urlOf(['https:', 'http:']).describe(
    'build hook called when what is public changes',
  ),
  ALLOW_EMPTY_DIRECTORY: flag.describe('1: a build may publish a directory with no verified listing'),
  PUBLIC_MAP_TILE_URL: urlOf(['https:', 'http:'])
    .refine((v) => v === undefined || (v.includes('{z}') && v.includes('{x}') && v.includes('{y}')), {
      message: 'must contain {z}, {x} and {y}',
    })
    .refine((v) => v === undefined || !/[\s;'"]/.test(v), { message: 'must not contain spaces or quotes' })
    .describe(
      'map tile URL template (default OpenStreetMap: https://tile.openstreetmap.org/{z}/{x}/{y}.png)',
    ),
  PUBLIC_MAP_ATTRIBUTION: optional.describe(
    'attribution shown on maps (default: © OpenStreetMap contributors)',
  ),
  PUBLIC_MAP_ATTRIBUTION_URL: urlOf(['https:', 'http:']).describe(
    "where the map's attribution links to (default: https://www.openstreetmap.org/copyright)",
  ),
  ALLOW_PREVIEW_WRITES: flag.describe(
    '1: a deploy preview or branch deploy may write (set it only beside a preview database of its own)',
  ),
});

/** The environment as the schema reads it: blank values unset, flags as booleans. */
export type Environment = z.output<typeof envSchema>;
