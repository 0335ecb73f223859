import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentUserQuery } from '../../lib/api/current-user-api';
import { paths } from '../../lib/routes/paths';
import { AuthPage } from './auth-page';
import { LoginCodeStep } from './login-code-step';
import { LoginEmailStep } from './login-email-step';
import type { LoginMode } from './login-email-step';

export function LoginScreen() {
  const [mode, setMode] = useState<LoginMode>('login');
  // The code step's address, and when this tab sent its code (null: the user brings one they have).
  const [sentTo, setSentTo] = useState<{ email: string; sentAt: number | null } | null>(null);
  const [email, setEmail] = useState('');
  // Only an answer asked after opening counts: Log Out arrives with the ended user still cached.
  const [openedAt] = useState(() => Date.now());
  const { data: user, isFetching, fulfilledTimeStamp = 0 } = useCurrentUserQuery(undefined, { refetchOnMountOrArgChange: true });
  const signedIn = Boolean(user) && !isFetching && fulfilledTimeStamp >= openedAt;

  // Not on the code step: there the code sign-in itself moves on once the session is up.
  if (signedIn && sentTo === null) return <Navigate to={paths.library} replace />;

  return (
    <AuthPage>
      {sentTo === null ? (
        <LoginEmailStep
          mode={mode}
          onModeChange={setMode}
          email={email}
          onEmailChange={setEmail}
          onSent={(address) => setSentTo({ email: address, sentAt: Date.now() })}
          onEnterCode={(address) => setSentTo({ email: address, sentAt: null })}
        />
      ) : (
        <LoginCodeStep
          // A new code starts the step afresh: empty field, no message, attempts enabled again.
          key={`${sentTo.email} ${sentTo.sentAt}`}
          email={sentTo.email}
          sentAt={sentTo.sentAt}
          onResent={(sentAt) => setSentTo({ email: sentTo.email, sentAt })}
          onSendAnother={() => setSentTo(null)}
        />
      )}
    </AuthPage>
  );
}
