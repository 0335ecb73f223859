import { useNavigate } from 'react-router-dom';
import { showToast } from '../../components/ui/toast-store';
import { serverErrorMessage } from '../../lib/api/server-error-message';
import { api } from '../../lib/api/api';
import { sessionEnded } from '../../lib/session/session-ended';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../lib/routes/paths';
import { useLogoutMutation } from './account-api';

/**
 * Log Out (spec 000, sections 2, 7 and 8): end the session, then toast, go to /login and drop
 * everything cached for the user (every API answer, the last song), so whoever signs in next on
 * this browser never sees it; a failure is a destructive toast and nothing else changes.
 */
export function useLogOut(): { logOut(): Promise<void>; isPending: boolean } {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  async function logOut(): Promise<void> {
    try {
      await logout().unwrap();
    } catch (error) {
      showToast({ title: 'Error', description: serverErrorMessage(error, 'Failed to logout'), variant: 'destructive' });
      return;
    }
    showToast({ title: 'Logged out', description: "You've been successfully logged out." });
    // Leave the protected screens first (flushSync: they are unmounted when this resolves). Were
    // the caches invalidated while the route guard still listened, its refetch would answer 401
    // and the guard would send the visitor to /landing instead of /login.
    await navigate(paths.login, { flushSync: true });
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
  }

  return { logOut, isPending: isLoading };
}
