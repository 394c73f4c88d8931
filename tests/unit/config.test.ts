import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

/** What a complete production environment sets (Supabase's pooler and Storage, SMTP, senders, build hook). */
const PRODUCTION = {
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://postgres.abc:secret@aws-0-us-east-1.pooler.supabase.com:6543/postgres',
  SUPABASE_URL: 'https://abc.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  EMAIL_FROM: 'Directory <hello@example.com>',
  STAFF_EMAIL: 'staff@example.com',
  NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc',
  // Netlify sets URL on every deploy; SITE_URL elsewhere.
  URL: 'https://glamping.example',
};

const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
};

const without = (key: keyof typeof PRODUCTION, extra: Record<string, string> = {}) => {
  const env: Record<string, string> = { ...PRODUCTION, ...extra };
  delete env[key];
  return env;
};

describe('loadConfig locally', () => {
  it('needs nothing: embedded database, .eml files, local senders', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      context: 'local',
      backend: { kind: 'pglite', dataDir: '.data/pglite' },
      mail: { kind: 'files', dir: '.data/outbox' },
      email: { staff: 'staff@glamping-directory.local' },
      staffToken: null,
      buildHookUrl: null,
      writesRefused: null,
      port: 4321,
    });
  });

  it('treats blank values as unset and trims the rest', () => {
    expect(loadConfig({ DATABASE_URL: '   ', STAFF_EMAIL: ' s@example.com ' })).toMatchObject({
      backend: { kind: 'pglite' },
      email: { staff: 's@example.com' },
    });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ SUPABASE_URL: 'https://x.supabase.co' }, 'DATABASE_URL is missing (needed with SUPABASE_URL'],
  ])('names the variable at fault: %j', (env, message) => {
    expect(fails(env)).toContain(message);
  });
});

describe('loadConfig in production (APP_ENV=production, or a Netlify deploy)', () => {
  it('accepts a complete environment and never falls back to local defaults', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.production).toBe(true);
    expect(config.mail).toEqual({ kind: 'smtp', url: PRODUCTION.SMTP_URL });
    expect(config.email).toEqual({ from: PRODUCTION.EMAIL_FROM, staff: PRODUCTION.STAFF_EMAIL });
    expect(config.buildHookUrl).toBe(PRODUCTION.NETLIFY_BUILD_HOOK_URL);
  });

  it.each([
    ['SMTP_URL', 'SMTP_URL is missing (required in production: without it every e-mail would be lost)'],
    ['EMAIL_FROM', 'EMAIL_FROM is missing (required in production; see .env.example)'],
    ['STAFF_EMAIL', 'STAFF_EMAIL is missing (required in production; see .env.example)'],
    [
      'NETLIFY_BUILD_HOOK_URL',
      'NETLIFY_BUILD_HOOK_URL is missing (required in production; see .env.example)',
    ],
  ] as const)('refuses to start without %s, in one line naming it', (key, message) => {
    expect(fails(without(key))).toBe(message);
  });

  it('requires a real database by DATABASE_URL, never the embedded one', () => {
    expect(fails(without('DATABASE_URL', { SUPABASE_URL: '' }))).toContain(
      'DATABASE_URL is missing (required',
    );
    expect(fails(without('DATABASE_URL'))).toContain('DATABASE_URL is missing (needed with SUPABASE_URL');
    // Supabase's database, whose schema the Supabase CLI applies; photos in its Storage.
    const config = loadConfig(PRODUCTION);
    expect(config.backend).toEqual({ kind: 'postgres', url: PRODUCTION.DATABASE_URL, supabase: true });
    expect(config.photos).toEqual({ kind: 'supabase', url: PRODUCTION.SUPABASE_URL, serviceKey: 'service' });
    expect(config.photoBase).toBe('https://abc.supabase.co/storage/v1/object/public/listing-photos');
    // A plain PostgreSQL server: `npm run migrate` applies the schema; no photo storage in production.
    const plain = loadConfig(without('SUPABASE_URL'));
    expect(plain.backend).toEqual({ kind: 'postgres', url: PRODUCTION.DATABASE_URL, supabase: false });
    expect(plain.photos.kind).toBe('none');
  });

  it('refuses a staff token shorter than 32 characters', () => {
    expect(fails({ ...PRODUCTION, STAFF_TOKEN: 'short-token' })).toBe(
      'STAFF_TOKEN is too short (11 characters; production needs at least 32)',
    );
    expect(loadConfig({ ...PRODUCTION, STAFF_TOKEN: 'x'.repeat(32) }).staffToken).toBe('x'.repeat(32));
    // Locally any token will do.
    expect(loadConfig({ STAFF_TOKEN: 'short' }).staffToken).toBe('short');
  });

  it('is production on Netlify even without APP_ENV (NETLIFY=true in builds, CONTEXT from the deploy)', () => {
    const { APP_ENV: _, ...netlify } = PRODUCTION;
    expect(loadConfig({ ...netlify, NETLIFY: 'true' }).production).toBe(true);
    expect(loadConfig({ ...netlify, CONTEXT: 'production' }).production).toBe(true);
    expect(fails({ NETLIFY: 'true' })).toContain('DATABASE_URL is missing');
    // `netlify dev` on a laptop is not production.
    expect(loadConfig({ NETLIFY: 'true', CONTEXT: 'dev' }).production).toBe(false);
  });
});

describe('loadConfig in a deploy preview or branch deploy', () => {
  const { APP_ENV: _, NETLIFY_BUILD_HOOK_URL: __, ...preview } = PRODUCTION;

  it.each(['deploy-preview', 'branch-deploy'])(
    '%s refuses writes by default and never calls the build hook',
    (context) => {
      const config = loadConfig({
        ...preview,
        CONTEXT: context,
        NETLIFY_BUILD_HOOK_URL: PRODUCTION.NETLIFY_BUILD_HOOK_URL,
      });
      expect(config.production).toBe(true);
      expect(config.writesRefused).toBe(
        `This is a ${context} of the site: it does not save anything. Please use the live site.`,
      );
      expect(config.buildHookUrl).toBeNull();
    },
  );

  it('writes when ALLOW_PREVIEW_WRITES says its database is its own, and links e-mails to the preview', () => {
    const config = loadConfig({
      ...preview,
      CONTEXT: 'deploy-preview',
      ALLOW_PREVIEW_WRITES: 'true',
      DEPLOY_PRIME_URL: 'https://deploy-preview-7--glamping.netlify.app',
      URL: 'https://glamping.example',
    });
    expect(config.writesRefused).toBeNull();
    expect(config.siteUrl).toBe('https://deploy-preview-7--glamping.netlify.app');
  });
});

describe('.env.example', () => {
  it('documents every variable the configuration reads (except those Netlify sets itself), and no other', async () => {
    const { readFile } = await import('node:fs/promises');
    const { envSchema } = await import('../../src/config');
    const text = await readFile(new URL('../../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...text.matchAll(/^# ([A-Z][A-Z_]+)=/gm)].map((m) => m[1]));
    const setByNetlify = ['NETLIFY', 'CONTEXT', 'URL', 'DEPLOY_PRIME_URL'];
    const read = Object.keys(envSchema.shape).filter((k) => !setByNetlify.includes(k));
    expect([...documented].sort()).toEqual(read.sort());
  });
});

describe('map tiles', () => {
  it("defaults to OpenStreetMap's standard tiles, which need no key, with their attribution", () => {
    expect(loadConfig({}).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileOrigin: 'https://tile.openstreetmap.org',
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
    });
  });

  it('takes another tile server with its attribution; the origin is what the Content-Security-Policy allows', () => {
    const map = loadConfig({
      PUBLIC_MAP_TILE_URL: 'http://127.0.0.1:8123/tiles/{z}/{x}/{y}.png',
      PUBLIC_MAP_ATTRIBUTION: 'Test tiles',
    }).map;
    expect(map.tileOrigin).toBe('http://127.0.0.1:8123');
    expect(map.attribution).toBe('Test tiles');
  });

  it('refuses a tile URL without {z}/{x}/{y}, with a quote, or without an attribution, in one line', () => {
    expect(fails({ PUBLIC_MAP_TILE_URL: 'https://tiles.example.com/tile.png' })).toBe(
      'PUBLIC_MAP_TILE_URL must contain {z}, {x} and {y}',
    );
    expect(
      fails({
        PUBLIC_MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png';x",
        PUBLIC_MAP_ATTRIBUTION: 'a',
      }),
    ).toBe('PUBLIC_MAP_TILE_URL must not contain spaces or quotes');
    expect(fails({ PUBLIC_MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' })).toContain(
      'PUBLIC_MAP_ATTRIBUTION is missing',
    );
    expect(fails({ PUBLIC_MAP_TILE_URL: 'javascript:{z}{x}{y}' })).toContain(
      'PUBLIC_MAP_TILE_URL must start with',
    );
  });
});
