/**
 * The client bundle's build steps (src/build/client-bundle.mjs): where each module goes. The built pages themselves are measured by `npm run bench -- js` and driven by tests/e2e.
 */
import { describe, expect, it } from 'vitest';
import { chunkOf } from '../../src/build/client-bundle.mjs';

describe('chunks', () => {
  // A small graph: two pages' islands, the layout script, the renderer, and code loaded on demand.
  const graph: Record<string, { isEntry?: boolean; importers?: string[]; dynamicImporters?: string[] }> = {
    '/src/islands/BrowseApp.tsx': { isEntry: true },
    '/src/islands/ListingForm.tsx': { isEntry: true },
    '/src/layouts/Base.astro?astro&type=script&index=0&lang.ts': { isEntry: true },
    '/node_modules/@astrojs/react/dist/client.js': { isEntry: true },
    '/node_modules/react/cjs/react.production.js': { importers: ['/src/islands/BrowseApp.tsx'] },
    '/src/islands/Results.tsx': { importers: ['/src/islands/BrowseApp.tsx'] },
    '/src/islands/SaveButton.tsx': {
      importers: ['/src/islands/Results.tsx', '/src/islands/ListingDialog.tsx'],
    },
    '/src/islands/ListingDialog.tsx': { dynamicImporters: ['/src/islands/BrowseApp.tsx'] },
    '/src/domain/lists.ts': { importers: ['/src/islands/BrowseApp.tsx', '/src/islands/ListingForm.tsx'] },
    '/src/domain/forms.ts': { importers: ['/src/islands/ListingForm.tsx', '/src/islands/StaffConsole.tsx'] },
    '/src/islands/StaffConsole.tsx': { isEntry: true },
    '/src/domain/zod.ts': { dynamicImporters: ['/src/islands/ListingForm.tsx'] },
    '/src/stores/shortlist-storage.ts': {
      importers: ['/src/layouts/Base.astro?astro&type=script&index=0&lang.ts', '/src/islands/SaveButton.tsx'],
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
    expect(chunk('/src/islands/Results.tsx')).toBe('BrowseApp');
    expect(chunk('/src/islands/SaveButton.tsx')).toBe('BrowseApp');
    expect(chunk('/src/islands/BrowseApp.tsx')).toBe('BrowseApp');
  });

  it("puts what the layout script imports into the layout script's file", () => {
    expect(chunk('/src/stores/shortlist-storage.ts')).toBe('Base');
  });

  it('puts what the browse island shares into one file, and other shared modules by the islands sharing them', () => {
    expect(chunk('/src/domain/lists.ts')).toBe('common');
    expect(chunk('/src/domain/forms.ts')).toBe('ListingForm+StaffConsole');
  });

  it('leaves code loaded on demand to Rolldown', () => {
    expect(chunk('/src/islands/ListingDialog.tsx')).toBeNull();
    expect(chunk('/src/domain/zod.ts')).toBeNull();
  });
});
