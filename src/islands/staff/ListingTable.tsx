import { describeReasons } from '../../domain/duplicates';
import type { ListedListing } from '../../domain/staff/rows';
import { ColumnHeads } from '../shared/ColumnHeads';

/** The review promise: a pending listing older than this is overdue. */
const PROMISE_HOURS = 24;

/** Listings as a table: the queue (age against the promise) or search results (status). */
export function ListingTable({
  listings,
  caption,
  onOpen,
}: {
  listings: ListedListing[];
  caption: string;
  onOpen: (l: ListedListing) => void;
}) {
  if (listings.length === 0) return <p className="mt-4 text-stone-700">{caption}: none.</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          labels={['Property', 'Place', 'Status', 'Waiting', 'Open']}
          srOnly={['Open']}
          rowClass="border-b border-stone-300"
          cellClass="p-2"
        />
        <tbody>
          {listings.map((l) => {
            const overdue = l.verification_status === 'pending' && l.age_hours >= PROMISE_HOURS;
            return (
              <tr key={l.id} className={`border-b border-stone-200 ${overdue ? 'bg-amber-50' : ''}`}>
                <td className="p-2 font-medium">
                  {l.property_name}
                  {l.duplicates?.map((d) => (
                    <p key={d.slug} className="text-sm font-normal text-amber-900">
                      Possible duplicate of{' '}
                      <a href={`/listings/${d.slug}`} className="underline">
                        {d.property_name} ({d.city}, {d.state})
                      </a>
                      : {describeReasons(d.reasons)}
                    </p>
                  ))}
                </td>
                <td className="p-2">
                  {l.city}, {l.state}
                </td>
                <td className="p-2">{l.verification_status}</td>
                <td className="p-2">
                  {l.verification_status === 'pending' ? `${l.age_hours} h` : '-'}
                  {overdue && (
                    <strong className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-amber-950">
                      Overdue
                    </strong>
                  )}
                </td>
                <td className="p-2">
                  <button
                    type="button"
                    onClick={() => onOpen(l)}
                    className="font-medium text-emerald-800 underline"
                  >
                    Review<span className="sr-only"> {l.property_name}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
