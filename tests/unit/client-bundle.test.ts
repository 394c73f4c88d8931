/**
 * The client bundle's build steps (src/build/client-bundle.mjs): React's production files as ES modules, and where
 * each module goes. The built pages themselves are measured by `npm run bench -- js` and driven by tests/e2e.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkOf, productionFileAsModule } from '../../src/build/client-bundle.mjs';

const require = createRequire(import.meta.url);
const FILES = [
  'react/cjs/react.production.js',
  'react/cjs/react-jsx-runtime.production.js',
  'react-dom/cjs/react-dom.production.js',
  'react-dom/cjs/react-dom-client.production.js',
  'scheduler/cjs/scheduler.production.js',
];
const pathOf = (file: string) => {
  const [pkg = '', ...rest] = file.split('/');
  return join(dirname(require.resolve(`${pkg}/package.json`)), ...rest);
};

describe('React production files as ES modules', () => {
  it.each(FILES)('%s: the same exports, no CommonJS left', (file) => {
    const module = productionFileAsModule(readFileSync(pathOf(file), 'utf8'));
    expect(module).not.toBeNull();
    expect(module).not.toMatch(/\brequire\(|\bexports\b|\bmodule\.exports\b/);
    const exported = /export \{ ([^}]*) \};\n$/
      .exec(module ?? '')?.[1]
      ?.split(', ')
      .map((e) => e.split(' as ')[1]);
    // React DOM's client reads React DOM's internals, so its exports are loaded in a browser-like way only.
    if (!file.includes('react-dom-client'))
      expect(exported?.sort()).toEqual(Object.keys(require(pathOf(file))).sort());
  });

  it('turns the requires of React DOM into namespace imports', () => {
    const module = productionFileAsModule(readFileSync(pathOf(FILES[3] ?? ''), 'utf8')) ?? '';
    expect(module).toContain('import * as Scheduler from "scheduler";');
    expect(module).toContain('import * as React from "react";');
    expect(module).toContain('import * as ReactDOM from "react-dom";');
  });

  it('leaves a file of another shape alone', () => {
    expect(productionFileAsModule('module.exports = require("./x.js");')).toBeNull();
    expect(productionFileAsModule('export const a = 1;')).toBeNull();
    expect(productionFileAsModule('exports.a = 1;\nif (typeof exports === "object") {}')).toBeNull();
  });
});

describe('chunks', () => {
  // A small graph: two pages' islands, the layout script, the renderer, and code loaded on demand.
  const graph: Record<string, { isEntry?: boolean; importers?: string[]; dynamicImporters?: string[] }> = {
    '/src/islands/browse/BrowseApp.tsx': { isEntry: true },
    '/src/islands/forms/ListingForm.tsx': { isEntry: true },
    '/src/layouts/Base.astro?astro&type=script&index=0&lang.ts': { isEntry: true },
    '/node_modules/@astrojs/react/dist/client.js': { isEntry: true },
    '/node_modules/react/cjs/react.production.js': { importers: ['/src/islands/browse/BrowseApp.tsx'] },
    '/src/islands/browse/Results.tsx': { importers: ['/src/islands/browse/BrowseApp.tsx'] },
    '/src/islands/listing/SaveButton.tsx': {
      importers: ['/src/islands/browse/Results.tsx', '/src/islands/listing/ListingDialog.tsx'],
    },
    '/src/islands/listing/ListingDialog.tsx': { dynamicImporters: ['/src/islands/browse/BrowseApp.tsx'] },
    '/src/domain/lists.ts': {
      importers: ['/src/islands/browse/BrowseApp.tsx', '/src/islands/forms/ListingForm.tsx'],
    },
    '/src/domain/forms.ts': {
      importers: ['/src/islands/forms/ListingForm.tsx', '/src/islands/staff/StaffConsole.tsx'],
    },
    '/src/islands/staff/StaffConsole.tsx': { isEntry: true },
    '/src/domain/zod.ts': { dynamicImporters: ['/src/islands/forms/ListingForm.tsx'] },
    '/src/stores/shortlist-storage.ts': {
      importers: [
        '/src/layouts/Base.astro?astro&type=script&index=0&lang.ts',
        '/src/islands/listing/SaveButton.tsx',
      ],
    },
  };
  const context = {
    getModuleInfo: (id: string) =>
      graph[id] ? { isEntry: false, importers: [], dynamicImporters: [], ...graph[id] } : null,
  };
  const chunk = (id: string) => chunkOf('BrowseApp')(id, context);

  it('puts React and the renderer together', () => {
    expect(chunk('/node_modules/react/cjs/react.production.js')).toBe('client');
    expect(chunk('/node_modules/@astrojs/react/dist/client.js')).toBe('client');
  });

  it("puts what one island alone imports into that island's file, even if it also loads some on demand", () => {
    expect(chunk('/src/islands/browse/Results.tsx')).toBe('BrowseApp');
    expect(chunk('/src/islands/listing/SaveButton.tsx')).toBe('BrowseApp');
    expect(chunk('/src/islands/browse/BrowseApp.tsx')).toBe('BrowseApp');
  });

  it("puts what the layout script imports into the layout script's file", () => {
    expect(chunk('/src/stores/shortlist-storage.ts')).toBe('Base');
  });

  it('puts what the browse island shares into one file, and other shared modules by the islands sharing them', () => {
    expect(chunk('/src/domain/lists.ts')).toBe('common');
    expect(chunk('/src/domain/forms.ts')).toBe('ListingForm+StaffConsole');
  });

  it('leaves code loaded on demand to Rolldown', () => {
    expect(chunk('/src/islands/listing/ListingDialog.tsx')).toBeNull();
    expect(chunk('/src/domain/zod.ts')).toBeNull();
  });
});
