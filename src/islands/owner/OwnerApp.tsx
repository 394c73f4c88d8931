import { useEffect, useState } from 'react';
import { editFormValues } from '../../domain/owner-form';
import { photoUrl } from '../../domain/photos';
import type { Listing } from '../../domain/schemas/listing';
import { listingPath, ownerEditPath } from '../../domain/slug';
import ListingForm from '../forms/ListingForm';
import { existingPhoto } from '../forms/PhotoPicker';
import { fetchJson } from '../shared/fetch-json';
import { SignedInBar } from '../shared/SignedInBar';
import { ClaimForm } from './ClaimForm';
import { ListingInsights } from './ListingInsights';

type OwnedListing = Listing & { pending: Array<{ kind: 'edit' | 'unpublish'; created_at: string }> };
interface Owner {
  email: string;
  listings: OwnedListing[];
}
/** What a claim page names: the listing's card from its static detail file. */
interface Claimed {
  card: { property_name: string; city: string; state: string };
}

const link = 'font-medium text-emerald-800 underline';
const RETURN_KEY = 'owner-return';
/** Where an owner may be sent back after signing in: one listing's edit form or claim, nothing else. */
const RETURN_TO = /^\?(edit|claim)=[a-z0-9-]{1,200}$/;

/**
 * The owner page: `?claim=<slug>` claims a listing, `?edit=<slug>` edits one, otherwise the signed-in
 * owner's listings. Everything an owner changes waits for staff (D31).
 */
export default function OwnerApp({ photoBase }: { photoBase: string }) {
  const [owner, setOwner] = useState<Owner | null | 'loading' | 'failed'>('loading');
  const [params, setParams] = useState<URLSearchParams | null>(null);
  const [sent, setSent] = useState('');
  const [claimed, setClaimed] = useState<Claimed['card'] | null>(null);
  useEffect(() => {
    const search = window.location.search;
    const query = new URLSearchParams(search);
    setParams(query);
    const slug = query.get('claim');
    if (slug)
      void fetchJson<Claimed>(`/data/listings/${encodeURIComponent(slug)}.json`).then(
        (a) => a.ok && setClaimed(a.data.card),
      );
    void fetchJson<Owner | { email: null }>('/api/owner/listings').then((a) => {
      // The sign-in link opens /owner: an owner who came for one listing (the renewal e-mail's edit link, a claim
      // page) goes back there once signed in.
      const next = localStorage.getItem(RETURN_KEY);
      const signedIn = a.ok && a.data.email !== null;
      if (signedIn && !search && next && RETURN_TO.test(next)) {
        localStorage.removeItem(RETURN_KEY);
        window.location.replace(`/owner${next}`);
        return;
      }
      if (a.ok && !signedIn && RETURN_TO.test(search)) localStorage.setItem(RETURN_KEY, search);
      setOwner(a.ok ? (a.data.email === null ? null : (a.data as Owner)) : 'failed');
    });
  }, []);
  if (owner === 'loading' || !params) return <p>Loading…</p>;
  if (owner === 'failed') return <p role="alert">We could not reach the server. Reload to try again.</p>;
  const claim = params.get('claim');
  const edit = params.get('edit');
  const editing = edit && owner ? owner.listings.find((l) => l.slug === edit) : undefined;

  if (claim && !owner?.listings.some((l) => l.slug === claim))
    return (
      <div className="space-y-6">
        {claimed && (
          <p className="rounded-md bg-stone-100 p-3">
            You are claiming <strong>{claimed.property_name}</strong> in {claimed.city}, {claimed.state}.{' '}
            <a href={listingPath(claim)} className={link}>
              View the listing
            </a>
          </p>
        )}
        <section aria-labelledby="owner-sign-in">
          <h2 id="owner-sign-in" className="text-xl font-semibold">
            Is your e-mail address on file for this listing?
          </h2>
          <p className="mt-2">
            Sign in with the address you gave when you listed it: we e-mail you a link.{' '}
            <a href="/sign-in" className={link}>
              Sign in
            </a>
          </p>
        </section>
        <section aria-labelledby="owner-claim">
          <h2 id="owner-claim" className="text-xl font-semibold">
            Claim {claimed ? claimed.property_name : 'this listing'}
          </h2>
          <p className="mt-2 mb-4">
            Not on file? Tell us who you are and how we can check it. Our team reviews every claim and e-mails
            you.
          </p>
          <ClaimForm slug={claim} />
        </section>
      </div>
    );
  if (!owner)
    return (
      <p>
        Sign in with the e-mail address on file for your listing to manage it.{' '}
        <a href="/sign-in" className={link}>
          Sign in
        </a>
      </p>
    );
  if (edit && !editing)
    return (
      <p role="alert">
        {owner.email} does not manage this listing.{' '}
        <a href={`/owner?claim=${encodeURIComponent(edit)}`} className={link}>
          Claim it
        </a>
      </p>
    );
  if (editing)
    return sent ? (
      <div role="status" className="space-y-3">
        <p className="rounded-md bg-emerald-50 p-3 text-emerald-950">{sent}</p>
        <a href="/owner" className={link}>
          Back to your listings
        </a>
      </div>
    ) : (
      <section aria-labelledby="owner-edit">
        <p className="mb-2 text-sm">
          Signed in as <strong>{owner.email}</strong> ·{' '}
          <a href="/owner" className={link}>
            Your listings
          </a>
        </p>
        <h2 id="owner-edit" className="mb-4 text-xl font-semibold">
          Edit {editing.property_name}
        </h2>
        <ListingForm
          edit={{
            slug: editing.slug,
            values: editFormValues(editing),
            // A verified listing's photos are public; a pending one's are shown by their blurred placeholder.
            photos: editing.photos.map((p) =>
              existingPhoto(
                p.id,
                p.caption,
                editing.verification_status === 'verified'
                  ? photoUrl(photoBase, p.id, Math.min(...p.widths), 'jpeg')
                  : p.placeholder,
              ),
            ),
            onSent: setSent,
          }}
        />
      </section>
    );
  return <OwnerListings owner={owner} />;
}

function OwnerListings({ owner }: { owner: Owner }) {
  return (
    <div className="space-y-4">
      <SignedInBar email={owner.email} />
      <h2 className="text-xl font-semibold">Your listings ({owner.listings.length})</h2>
      {owner.listings.length === 0 && <p>No listing is on file for this address.</p>}
      <ul className="space-y-4">
        {owner.listings.map((l) => (
          <OwnedListingItem key={l.id} listing={l} />
        ))}
      </ul>
    </div>
  );
}

function OwnedListingItem({ listing }: { listing: OwnedListing }) {
  const [note, setNote] = useState('');
  const [answer, setAnswer] = useState('');
  const [asking, setAsking] = useState(false);
  async function unpublish() {
    const sent = await fetchJson<{ message: string }>('/api/owner/unpublish', {
      json: { slug: listing.slug, note },
    });
    setAnswer(sent.ok ? sent.data.message : sent.error);
    if (sent.ok) setAsking(false);
  }
  const noteId = `unpublish-${listing.id}`;
  return (
    <li className="rounded-md border border-stone-300 p-4">
      <h3 className="font-semibold">{listing.property_name}</h3>
      <p className="text-sm text-stone-600">
        {listing.city}, {listing.state} · {listing.verification_status}
      </p>
      {listing.pending.map((p) => (
        <p key={p.kind} className="mt-1 text-sm text-amber-900">
          {p.kind === 'edit' ? 'Your changes' : 'Your request to unpublish'} wait for review (sent{' '}
          {p.created_at.slice(0, 10)}).
        </p>
      ))}
      <div className="mt-2 flex flex-wrap gap-4">
        {listing.verification_status === 'verified' && (
          <a href={listingPath(listing.slug)} className={link}>
            View listing
          </a>
        )}
        <a href={ownerEditPath(listing.slug)} className={link}>
          Edit {listing.property_name}
        </a>
        <button type="button" className={link} onClick={() => setAsking(!asking)}>
          Ask to unpublish
        </button>
      </div>
      {listing.verification_status === 'verified' && <ListingInsights slug={listing.slug} />}
      {asking && (
        <div className="mt-3 space-y-2">
          <label htmlFor={noteId} className="block text-sm font-medium">
            Why (optional)
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
            className="w-full rounded-md border border-stone-300 p-2"
          />
          <button
            type="button"
            onClick={unpublish}
            className="rounded-md border border-red-700 px-3 py-1.5 text-red-800"
          >
            Send the request to unpublish
          </button>
        </div>
      )}
      {answer && (
        <p role="status" className="mt-2 text-sm">
          {answer}
        </p>
      )}
    </li>
  );
}
