import { useNavigate } from 'react-router-dom';
import { showServerErrorToast } from '../../components/ui/server-error-toast';
import { showToast } from '../../components/ui/toast-store';
import { api } from '../../lib/api/api';
import { sessionEnded } from '../../lib/session/session-ended';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../lib/routes/paths';
import { useLogoutMutation } from './account-api';

/** Log Out (spec 000, 2, 7, 8): end the session, go to /login and drop everything cached for the user; a failure only toasts. */
export function useLogOut(): { logOut(): Promise<void>; isPending: boolean } {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  async function logOut(): Promise<void> {
    try {
      await logout().unwrap();
    } catch (error) {
      showServerErrorToast('Error', error, 'Failed to logout');
      return;
    }
    showToast({ title: 'Logged out', description: "You've been successfully logged out." });
    // Leave the protected screens first: with the guard still mounted, the invalidation's 401 would send the visitor to /landing, not /login.
    await navigate(paths.login, { flushSync: true });
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
  }

  return { logOut, isPending: isLoading };
}
