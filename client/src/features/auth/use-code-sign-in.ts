import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { showServerErrorToast } from '../../components/ui/server-error-toast';
import { showToast } from '../../components/ui/toast-store';
import { api } from '../../lib/api/api';
import { useLazyCurrentUserQuery } from '../../lib/api/current-user-api';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../lib/routes/paths';
import { useVerifyCodeMutation } from './auth-api';
import { SESSION_NOT_ESTABLISHED, waitForSession } from './wait-for-session';

/** Signs in with an e-mailed code (spec 001, 2.2, 4, 8) and goes to / once the session shows; a refused code also resolves with the error. */
export function useCodeSignIn(): { signIn(email: string, code: string): Promise<{ refused: unknown } | undefined>; isPending: boolean } {
  const [verifyCode] = useVerifyCodeMutation();
  const [fetchCurrentUser] = useLazyCurrentUserQuery();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  async function signIn(email: string, code: string): Promise<{ refused: unknown } | undefined> {
    setPending(true);
    try {
      try {
        await verifyCode({ email, code }).unwrap();
      } catch (error) {
        showServerErrorToast('Error', error, 'Invalid code. Please try again.');
        return { refused: error };
      }
      // A "no user" answer cached before sign-in must not send the guard back to /landing.
      dispatch(api.util.invalidateTags(['CurrentUser']));
      const established = await waitForSession({
        hasSession: async () => Boolean(await fetchCurrentUser().unwrap()),
      });
      if (!established) {
        showToast({ title: 'Error', description: SESSION_NOT_ESTABLISHED, variant: 'destructive' });
        return undefined;
      }
      showToast({ title: 'Success', description: "You've been signed in!" });
      await navigate(paths.home);
      return undefined;
    } finally {
      setPending(false);
    }
  }

  return { signIn, isPending };
}
