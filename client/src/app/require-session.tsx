import { Navigate, Outlet } from 'react-router-dom';
import { LoadingState } from '../components/ui/loading-state';
import { useCurrentUserQuery } from '../lib/api/current-user-api';
import { paths } from '../lib/routes/paths';
import { OfflineNotice } from './offline-notice';
import { sessionGate } from './session-gate';

export const SIGNED_OUT_FALLBACK = paths.landing;

export function RequireSession() {
  const { data: user, isError, isFetching, isUninitialized } = useCurrentUserQuery();
  const gate = sessionGate({ hasUser: Boolean(user), isError, isPending: isFetching || isUninitialized });
  if (gate === 'loading') return <LoadingState label="Checking your session…" />;
  if (gate === 'redirect') return <Navigate to={SIGNED_OUT_FALLBACK} replace />;
  return (
    <>
      <Outlet />
      <OfflineNotice />
    </>
  );
}
