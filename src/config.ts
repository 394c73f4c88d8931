/**
 * The product's one configuration: every environment variable it reads, validated once, with the production rules
 * (D33) in this one place. Entry points (each Netlify function through netlify/lib, the site build, the scripts)
 * call {@link loadConfig}; every other module receives the values it needs. `.env.example` documents the same
 * variables for people.
 */
import { type Environment, envSchema } from './config-schema';

export { envSchema };

/** A configuration mistake: the message names the variable; entry points print it as one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/**
 * Which database the product talks to: the embedded one (local only), or a PostgreSQL server by URL. In production
 * that server is Supabase's Postgres through its connection pooler (docs/deploying.md, Database connection);
 * `supabase` says so (SUPABASE_URL is set too): its schema is the Supabase CLI's to apply, never `npm run migrate`'s.
 */
export type Backend =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string; supabase: boolean };

/** Where e-mail goes: an SMTP server, or (locally only) .eml files in a folder (D25). */
export type MailSetting = { kind: 'smtp'; url: string } | { kind: 'files'; dir: string };

/** Netlify's deploy contexts, plus `local` for everything that is not on Netlify. */
export type DeployContext = 'local' | 'dev' | 'production' | 'deploy-preview' | 'branch-deploy';

/** Where photo files live: Supabase Storage with the service key, or (locally only) a folder. */
export type PhotoSetting =
  | { kind: 'supabase'; url: string; serviceKey: string | null }
  | { kind: 'folder'; dir: string }
  | { kind: 'none'; why: string };

/** The validated configuration every module receives its values from. */
export interface AppConfig {
  /** On Netlify or with APP_ENV=production: services are required and local defaults never run (D33). */
  production: boolean;
  context: DeployContext;
  /**
   * Public origin for canonical URLs, the sitemap, links in e-mails and the functions' fetches of the site's own
   * files. Always from the configuration, never from a request's Host: required in production; locally
   * `http://localhost:<PORT>` (the local server passes its listening address instead: netlify/lib/deps.ts).
   */
  siteUrl: string;
  port: number;
  backend: Backend;
  mail: MailSetting;
  email: { from: string; staff: string };
  /** Bearer token of the staff HTTP function; null: the function refuses every request. */
  staffToken: string | null;
  photos: PhotoSetting;
  /** The public address photos are served under: `/photos` locally, the public bucket on Supabase. */
  photoBase: string;
  /** Who may sign in to the staff console while its list is empty; lower case. */
  staffEmails: string[];
  /** Netlify build hook called when what is public changes; null: no hook (local rebuilds, previews). */
  buildHookUrl: string | null;
  /** Let a build publish a directory with no verified listing (refused by default). */
  allowEmptyDirectory: boolean;
  /** Why this deploy must not write (a preview without a database of its own); null: writes allowed. */
  writesRefused: string | null;
  /** Where `npm start` keeps builds, caches and its server.json. */
  localStateDir: string;
  /** Verified sample listings `npm run seed` generates; null: the generator's default. */
  seedVerified: number | null;
  /** The map's tiles: public, so the build puts them into pages and the Content-Security-Policy. */
  map: MapTiles;
}

/** Where map tiles come from and whose they are. */
export interface MapTiles {
  /** Tile URL template with {z}, {x} and {y}. */
  tileUrl: string;
  /** The tiles' origin, the one image source besides the site that the Content-Security-Policy allows. */
  tileOrigin: string;
  /** Attribution text shown on every map, linked to attributionUrl. */
  attribution: string;
  attributionUrl: string;
}

/** OpenStreetMap's standard tiles: free, no key, with the attribution their usage policy asks for. */
export const DEFAULT_MAP_TILES: MapTiles = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileOrigin: 'https://tile.openstreetmap.org',
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
};

/** The smallest staff token accepted in production: a guessable token would open every listing to anyone. */
export const MIN_STAFF_TOKEN_LENGTH = 32;

const LOCAL_FROM = 'Glamping Directory USA <hello@glamping-directory.local>';
const LOCAL_STAFF = 'staff@glamping-directory.local';
const PREVIEWS: DeployContext[] = ['deploy-preview', 'branch-deploy'];

/**
 * Netlify sets CONTEXT and NETLIFY in builds; functions learn their context from Netlify's Context object instead
 * (environment variables at run time are only those set in the UI), which netlify/lib passes in as CONTEXT.
 */
function contextOf(env: Environment): DeployContext {
  const c = env.CONTEXT;
  if (c === 'production' || c === 'deploy-preview' || c === 'branch-deploy' || c === 'dev') return c;
  return env.NETLIFY === 'true' ? 'production' : 'local';
}

function required<T>(
  value: T | undefined,
  name: string,
  why = 'required in production; see .env.example',
): T {
  if (value === undefined) throw new ConfigError(`${name} is missing (${why})`);
  return value;
}

// Every read and write goes through DATABASE_URL with the SQL store (one implementation, run as the role each
// operation needs); SUPABASE_URL serves Storage only, so alone it would put data and photos in two places.
function backendOf(env: Environment, production: boolean): Backend {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL, supabase: !!env.SUPABASE_URL };
  if (env.SUPABASE_URL)
    throw new ConfigError(
      "DATABASE_URL is missing (needed with SUPABASE_URL: the project's connection pooler URL; see .env.example)",
    );
  if (production)
    throw new ConfigError(
      "DATABASE_URL is missing (required in production: Supabase's connection pooler URL; see .env.example)",
    );
  return { kind: 'pglite', dataDir: env.PGLITE_DIR ?? '.data/pglite' };
}

function photosOf(env: Environment, production: boolean): { photos: PhotoSetting; photoBase: string } {
  if (env.SUPABASE_URL)
    return {
      photos: { kind: 'supabase', url: env.SUPABASE_URL, serviceKey: env.SUPABASE_SERVICE_ROLE_KEY ?? null },
      photoBase: `${env.SUPABASE_URL.replace(/\/+$/, '')}/storage/v1/object/public/listing-photos`,
    };
  // A function's disk is not storage: in production photos need Supabase Storage.
  if (production)
    return {
      photos: {
        kind: 'none',
        why: 'Photo uploads need Supabase Storage (SUPABASE_URL); this deploy has none',
      },
      photoBase: '/photos',
    };
  return { photos: { kind: 'folder', dir: env.PHOTOS_DIR ?? '.data/photos' }, photoBase: '/photos' };
}

/** Reads and checks the environment; throws a ConfigError naming the first wrong variable. */
export function loadConfig(input: Env = process.env): AppConfig {
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${String(issue?.path[0] ?? 'environment')} ${issue?.message ?? 'is invalid'}`);
  }
  const env = parsed.data;
  const context = contextOf(env);
  const preview = PREVIEWS.includes(context);
  // `netlify dev` on a laptop is not production; a deploy of any other context is.
  const production = env.APP_ENV === 'production' || context === 'production' || preview;
  const backend = backendOf(env, production);
  if (production) {
    required(env.SMTP_URL, 'SMTP_URL', 'required in production: without it every e-mail would be lost');
    required(env.EMAIL_FROM, 'EMAIL_FROM');
    required(env.STAFF_EMAIL, 'STAFF_EMAIL');
    if (!preview) required(env.NETLIFY_BUILD_HOOK_URL, 'NETLIFY_BUILD_HOOK_URL');
    if (env.STAFF_TOKEN && env.STAFF_TOKEN.length < MIN_STAFF_TOKEN_LENGTH)
      throw new ConfigError(
        `STAFF_TOKEN is too short (${env.STAFF_TOKEN.length} characters; production needs at least ${MIN_STAFF_TOKEN_LENGTH})`,
      );
  }
  const port = Number(env.PORT ?? 4321);
  const siteUrl = (preview ? env.DEPLOY_PRIME_URL : undefined) ?? env.SITE_URL ?? env.URL;
  // Links e-mailed from a production site must never follow a request's Host header (it is the client's to write).
  if (production)
    required(siteUrl, 'SITE_URL', 'required in production (or URL): links in e-mails point there');
  return {
    production,
    context,
    siteUrl: (siteUrl ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    port,
    backend,
    mail: env.SMTP_URL
      ? { kind: 'smtp', url: env.SMTP_URL }
      : { kind: 'files', dir: env.EMAIL_OUTBOX_DIR ?? '.data/outbox' },
    email: { from: env.EMAIL_FROM ?? LOCAL_FROM, staff: env.STAFF_EMAIL ?? LOCAL_STAFF },
    staffToken: env.STAFF_TOKEN ?? null,
    ...photosOf(env, production),
    staffEmails: (env.STAFF_EMAILS ?? env.STAFF_EMAIL ?? LOCAL_STAFF)
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    // A preview must never rebuild the production site.
    buildHookUrl: preview ? null : (env.NETLIFY_BUILD_HOOK_URL ?? null),
    allowEmptyDirectory: env.ALLOW_EMPTY_DIRECTORY,
    writesRefused:
      preview && !env.ALLOW_PREVIEW_WRITES
        ? `This is a ${context} of the site: it does not save anything. Please use the live site.`
        : null,
    localStateDir: env.LOCAL_STATE_DIR ?? '.data',
    seedVerified: env.SEED_VERIFIED ? Number(env.SEED_VERIFIED) : null,
    map: mapTilesOf(env),
  };
}

function mapTilesOf(env: Environment): MapTiles {
  const tileUrl = env.PUBLIC_MAP_TILE_URL;
  if (!tileUrl)
    return {
      ...DEFAULT_MAP_TILES,
      attribution: env.PUBLIC_MAP_ATTRIBUTION ?? DEFAULT_MAP_TILES.attribution,
      attributionUrl: env.PUBLIC_MAP_ATTRIBUTION_URL ?? DEFAULT_MAP_TILES.attributionUrl,
    };
  return {
    tileUrl,
    tileOrigin: new URL(tileUrl).origin,
    // Another provider's tiles need that provider's attribution: required with its URL.
    attribution: required(
      env.PUBLIC_MAP_ATTRIBUTION,
      'PUBLIC_MAP_ATTRIBUTION',
      'needed with PUBLIC_MAP_TILE_URL: tile providers require their attribution',
    ),
    attributionUrl: env.PUBLIC_MAP_ATTRIBUTION_URL ?? tileUrl.split('/{')[0]!,
  };
}

const KEYS = Object.keys(envSchema.shape);
let cache: { key: string; config: AppConfig } | null = null;

/**
 * The configuration of this process, read once (and again only if a variable it reads changed, as tests do).
 * Entry points call this; modules take values.
 */
export function currentConfig(env: Env = process.env): AppConfig {
  const key = JSON.stringify(KEYS.map((k) => env[k]));
  if (cache?.key !== key) cache = { key, config: loadConfig(env) };
  return cache.config;
}
