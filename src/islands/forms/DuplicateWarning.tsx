import { describeReasons, type PossibleDuplicate } from '../../domain/duplicates';
import type { SubmissionFormState } from '../../domain/schemas/forms';
import { fetchJson } from '../shared/fetch-json';

/** The listings the server thinks this may be; none when the check cannot be made (it must never block a send). */
export async function findDuplicates(values: SubmissionFormState): Promise<PossibleDuplicate[]> {
  const answer = await fetchJson<{ duplicates?: PossibleDuplicate[] }>('/api/listings/duplicates', {
    json: values,
  });
  return answer.ok && Array.isArray(answer.data.duplicates) ? answer.data.duplicates : [];
}

export function DuplicateWarning({ duplicates }: { duplicates: PossibleDuplicate[] }) {
  return (
    <div
      id="listing-duplicates"
      tabIndex={-1}
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">This property may already be listed</p>
      <ul className="mt-2 space-y-2">
        {duplicates.map((d) => (
          <li key={d.slug}>
            <a href={`/listings/${d.slug}`} className="font-medium underline">
              {d.property_name} ({d.city}, {d.state})
            </a>{' '}
            ({describeReasons(d.reasons)}).{' '}
            <a href={`/owner?claim=${encodeURIComponent(d.slug)}`} className="font-medium underline">
              Is it yours? Claim it instead
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2">If it is a different property, you can still submit yours.</p>
    </div>
  );
}
