import { fetchJson } from './fetch-json';

/** Who is signed in, and the one way to sign out (staff console and owner page alike): back to /sign-in. */
export function SignedInBar({ email }: { email: string }) {
  async function signOut() {
    await fetchJson('/api/auth/sign-out', { json: {} });
    window.location.assign('/sign-in');
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p>
        Signed in as <strong>{email}</strong>
      </p>
      <button type="button" onClick={signOut} className="rounded-md border border-stone-400 px-3 py-1.5">
        Sign out
      </button>
    </div>
  );
}
