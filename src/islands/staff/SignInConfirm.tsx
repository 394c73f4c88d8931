import { ConfirmButton, useTokenLink } from '../shared/token-link';
import { postJson, type Session } from './api';

const signIn = (token: string) => postJson<Session>('/api/auth/confirm', { token });
const home = (session: Session) =>
  window.location.assign(session.staff ? '/staff' : session.owner ? '/owner' : '/');

/**
 * The page a sign-in link opens: signing in takes a click (useTokenLink), so a mail scanner that opens links cannot
 * use the link up.
 */
export default function SignInConfirm() {
  const { token, error, busy, confirm } = useTokenLink(signIn, home);

  if (token === null) return null;
  if (!token || error)
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-700">
          {error ||
            'This sign-in link is incomplete. Open the whole link from the e-mail, or ask for a new one.'}
        </p>
        <a href="/sign-in" className="font-medium text-emerald-800 underline">
          Ask for a new sign-in link
        </a>
      </div>
    );
  return <ConfirmButton busy={busy} onClick={confirm} label="Sign in" busyLabel="Signing in…" />;
}
