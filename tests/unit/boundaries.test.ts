/**
 * The architecture as a test: it reads every import of the source tree with TypeScript's own
 * pre-processor (static imports, `export ... from`, dynamic `import()`, `require`) and fails with the offending
 * files when a layer reaches where it must not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|mjs|astro)$/;

/** Libraries the pure domain core may use: no I/O, no framework (D2). */
// schema-dts is types only (schema.org's vocabulary for the JSON-LD builders): nothing of it reaches a bundle.
// kdbush and geokdbush: the nearest listings' spatial index and its search on the sphere (computation only).
const DOMAIN_LIBRARIES = ['zod', 'fuse.js', 'schema-dts', 'kdbush', 'geokdbush'];

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** The code of a file: for .astro, its frontmatter and its <script> blocks. */
function codeOf(file: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!file.endsWith('.astro')) return text;
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join('\n');
}

/** Every module a file imports, as written. */
function importsOf(code: string): string[] {
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
}

interface Import {
  file: string;
  specifier: string;
  /** Repository-relative target of a relative import; null for a package or a virtual module. */
  target: string | null;
}

function importsUnder(folder: string): Import[] {
  return filesUnder(folder).flatMap((file) =>
    importsOf(codeOf(file)).map((specifier) => ({
      file,
      specifier,
      target: specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : null,
    })),
  );
}

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '');
const isNodeBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));
const inside = (target: string | null, folder: string) =>
  target !== null && (target === folder || target.startsWith(`${folder}/`));
const listed = (bad: Import[]) => bad.map((i) => `${i.file} imports ${i.specifier}`);

/** Where each rule looks, and what it refuses. */
const RULES: Array<{ name: string; folders: string[]; refuses: (i: Import) => boolean }> = [
  {
    name: `src/domain imports only itself and ${DOMAIN_LIBRARIES.join(', ')}`,
    folders: ['src/domain'],
    refuses: (i) =>
      i.target === null
        ? !DOMAIN_LIBRARIES.includes(packageName(i.specifier))
        : !inside(i.target, 'src/domain'),
  },
  {
    name: 'islands and stores import neither server nor data code nor node: modules',
    folders: ['src/islands', 'src/stores'],
    refuses: (i) =>
      isNodeBuiltin(i.specifier) || inside(i.target, 'src/server') || inside(i.target, 'src/data'),
  },
  {
    name: 'nothing in src/ imports scripts/',
    folders: ['src'],
    refuses: (i) => inside(i.target, 'scripts'),
  },
];

describe('import boundaries', () => {
  it('the parser sees every kind of import the rules rely on', () => {
    const code = `
      import a from 'zod';
      import type { B } from '../data/store';
      export { c } from '../server/http';
      export * from "node:fs";
      const d = await import('../../scripts/lib/server');
      import './side-effect';`;
    expect(importsOf(code)).toEqual([
      'zod',
      '../data/store',
      '../server/http',
      'node:fs',
      '../../scripts/lib/server',
      './side-effect',
    ]);
  });

  it('every folder a rule looks at has source files', () => {
    for (const folder of RULES.flatMap((r) => r.folders))
      expect(filesUnder(folder).length, folder).toBeGreaterThan(0);
  });

  it.each(RULES)('$name', ({ folders, refuses }) => {
    const bad = folders.flatMap(importsUnder).filter(refuses);
    expect(listed(bad)).toEqual([]);
  });
});

describe('zod', () => {
  const valueImport = /^\s*import\s+(?!type\b)[^;]*?from\s+['"]zod(\/[^'"]*)?['"]/m;
  // src/domain/schemas/z.ts sets `jitless` before any schema is built: a schema built from 'zod' itself would probe
  // `new Function`, which our Content-Security-Policy reports as a violation in the browser.
  it('is imported for its values only through src/domain/schemas/z.ts (types may come from zod)', () => {
    const direct = ['src', 'netlify', 'scripts']
      .flatMap(filesUnder)
      .filter((file) => file !== 'src/domain/schemas/z.ts')
      .filter((file) => valueImport.test(codeOf(file)));
    expect(direct).toEqual([]);
  });

  it('the check sees a value import and lets a type import pass', () => {
    expect(valueImport.test("import { z } from 'zod';")).toBe(true);
    expect(valueImport.test("import type { z } from 'zod';")).toBe(false);
  });
});

describe('what the public pages load at once', () => {
  /** Relative modules a file imports for their values, statically: no `import type`, no `import()` (on demand). */
  function staticValueImports(file: string): string[] {
    const source = ts.createSourceFile(file, codeOf(file), ts.ScriptTarget.Latest, true);
    return source.statements.flatMap((s) => {
      if (!(ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) || !s.moduleSpecifier) return [];
      const clause = ts.isImportDeclaration(s) ? s.importClause : undefined;
      if (clause?.isTypeOnly) return [];
      if (ts.isExportDeclaration(s) && s.isTypeOnly) return [];
      const bindings = clause?.namedBindings;
      if (
        bindings &&
        ts.isNamedImports(bindings) &&
        !clause?.name &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly)
      )
        return [];
      const specifier = (s.moduleSpecifier as ts.StringLiteral).text;
      if (!specifier.startsWith('.')) return [];
      const base = relative(ROOT, resolve(ROOT, dirname(file), specifier));
      const found = ['', '.ts', '.tsx', '/index.ts']
        .map((ext) => base + ext)
        .find((f) => SOURCE.test(f) && exists(f));
      return found ? [found] : [];
    });
  }
  const exists = (file: string) => {
    try {
      readFileSync(join(ROOT, file));
      return true;
    } catch {
      return false;
    }
  };

  // zod (about 30 KB gzipped) is for forms and the server: the beacon every page runs and the browse view must
  // not pull it into their bundles (the JavaScript budgets, docs/performance.md).
  it('the insights beacon and the browse view reach no zod schema', () => {
    const seen = new Set<string>();
    const queue = ['src/islands/shared/insights-beacon.ts', 'src/islands/browse/BrowseApp.tsx'];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...staticValueImports(file));
    }
    expect(seen.has('src/islands/browse/no-result-insight.ts')).toBe(true);
    expect([...seen].filter((f) => f === 'src/domain/schemas/z.ts' || valueImportsZod(f))).toEqual([]);
  });
});

const valueImportsZod = (file: string) =>
  /^\s*import\s+(?!type\b)[^;]*?from\s+['"](zod|\.\/z|\.\.\/schemas\/z|\.\/schemas\/z)['"]/m.test(
    codeOf(file),
  );
