import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { isNearMe } from '../../domain/location';
import { hasActiveFilters } from '../../domain/schemas/filters';
import { $filters } from '../../stores/filters';
import { onDemand, useOnDemandDisclosure } from '../shared/on-demand';

// The form and its machinery are not part of a browse page's first load: they load as the visitor reaches for the
// button (pointer over it, focus, touch), and it opens once they are in, never empty (as the advanced filters do).
const loadForm = onDemand(() => import('./SaveSearchForm'));

/**
 * "E-mail me new listings like these" under a browse view with at least one filter (docs/saved-searches.md): the
 * filters go as the URL writes them, so the alert follows the browse view's rules. Closed until asked for.
 */
export default function SaveSearch() {
  // Rendered by the browse view once the browser is idle (src/islands/browse/BrowseApp.tsx), never by the server.
  const filters = useStore($filters);
  const { open, loaded, button } = useOnDemandDisclosure(loadForm);
  const [sent, setSent] = useState(false);
  const SaveSearchForm = loaded?.SaveSearchForm;
  if (!hasActiveFilters(filters) || isNearMe(filters.location)) return null;
  if (sent)
    return (
      <p
        role="status"
        className="mt-6 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900"
      >
        Almost done: please open the link we just e-mailed you to start this alert.
      </p>
    );
  return (
    <section aria-labelledby="save-search-heading" className="mt-6 rounded-lg border border-stone-200 p-4">
      <h2 id="save-search-heading" className="font-semibold text-lg">
        <button type="button" {...button} className="underline">
          E-mail me new listings like these
        </button>
      </h2>
      {open && SaveSearchForm && <SaveSearchForm onSent={() => setSent(true)} />}
    </section>
  );
}
