/** Which database the product talks to, read from the environment once, with one clear line per mistake. */
export type Backend =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string }
  | { kind: 'supabase'; url: string; anonKey: string; serviceKey: string | null };

/** A configuration mistake: the message names the variable; scripts print it as one line and exit. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string) => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};

function requireUrl(env: Env, name: string, protocols: string[]): string {
  const raw = value(env, name) ?? '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL (expected ${protocols.join(' or ')}//...)`);
  }
  if (!protocols.includes(url.protocol))
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  if (!url.hostname) throw new ConfigError(`${name} has no host name`);
  return raw;
}

/**
 * True on Netlify (its builds set NETLIFY=true; CONTEXT names a deploy context) or with APP_ENV=production: there the
 * embedded database is never a fallback. NODE_ENV is not used: Astro sets it to production for every build.
 */
export function isProduction(env: Env = process.env): boolean {
  const context = value(env, 'CONTEXT');
  return (
    value(env, 'APP_ENV') === 'production' ||
    value(env, 'NETLIFY') === 'true' ||
    context === 'production' ||
    context === 'deploy-preview' ||
    context === 'branch-deploy'
  );
}

/**
 * Picks the backend: Supabase when SUPABASE_URL is set, else a PostgreSQL server when DATABASE_URL is set, else the
 * embedded PGlite in PGLITE_DIR (default .data/pglite). Production requires Supabase or a PostgreSQL server.
 */
export function backendFromEnv(env: Env = process.env): Backend {
  if (value(env, 'SUPABASE_URL')) {
    const url = requireUrl(env, 'SUPABASE_URL', ['https:', 'http:']);
    const anonKey = value(env, 'SUPABASE_ANON_KEY');
    if (!anonKey) throw new ConfigError('SUPABASE_ANON_KEY is missing (needed with SUPABASE_URL)');
    return { kind: 'supabase', url, anonKey, serviceKey: value(env, 'SUPABASE_SERVICE_ROLE_KEY') ?? null };
  }
  if (value(env, 'DATABASE_URL')) {
    return { kind: 'postgres', url: requireUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']) };
  }
  if (isProduction(env)) {
    throw new ConfigError(
      'SUPABASE_URL (or DATABASE_URL) is missing (required in production; see .env.example)',
    );
  }
  return { kind: 'pglite', dataDir: value(env, 'PGLITE_DIR') ?? '.data/pglite' };
}
