/**
 * The client bundle's build steps (src/build/client-bundle.mjs): where each module goes. The built pages themselves are measured by `npm run bench -- js` and driven by tests/e2e.
 */
import { describe, expect, it } from 'vitest';
import { chunkOf } from '../../src/build/client-bundle.mjs';

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
