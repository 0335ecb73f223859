import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AdminAnnouncementsScreen } from '../features/admin/admin-announcements-screen';
import { AdminLayout } from '../features/admin/admin-layout';
import { AdminOverviewScreen } from '../features/admin/admin-overview-screen';
import { AdminSettingsScreen } from '../features/admin/admin-settings-screen';
import { AdminUsageScreen } from '../features/admin/admin-usage-screen';
import { AdminUserAuditScreen } from '../features/admin/admin-user-audit-screen';
import { LoginScreen } from '../features/auth/login-screen';
import { VerifyScreen } from '../features/auth/verify-screen';
import { EmailPreferencesScreen } from '../features/email-preferences/email-preferences-screen';
import { PrivacyPolicyScreen } from '../features/legal/privacy-policy-screen';
import { SubprocessorsScreen } from '../features/legal/subprocessors-screen';
import { TermsOfUseScreen } from '../features/legal/terms-of-use-screen';
import { MembershipScreen } from '../features/membership/membership-screen';
import { AboutScreen } from '../features/marketing/about-screen';
import { FaqScreen } from '../features/marketing/faq-screen';
import { FeaturesScreen } from '../features/marketing/features-screen';
import { LandingScreen } from '../features/marketing/landing-screen';
import { SeoLandingScreen } from '../features/marketing/seo-landing-screen';
import { PrivacyRequestsScreen } from '../features/privacy-requests/privacy-requests-screen';
import { UsageScreen } from '../features/usage/usage-screen';
import { adminUserAuditRoute, paths } from '../lib/routes/paths';
import type { AppPath } from '../lib/routes/paths';
import { CanvasLayout } from './canvas-layout';
import { NotFoundScreen } from './not-found-screen';
import { Overlay } from './overlay';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';
import type { RouteHandle } from './route-handle';
import { Workspace } from './workspace';

function publicRoute(path: AppPath, title: string, element: ReactNode): RouteObject {
  const handle: RouteHandle = { title, layer: 'public' };
  return { path, element, handle };
}

function redirectRoute(path: AppPath, to: AppPath): RouteObject {
  const handle: RouteHandle = { redirectTo: to };
  return { path, element: <Navigate to={to} replace />, handle };
}

function screenRoute(path: AppPath | typeof adminUserAuditRoute | '*', title: string, element: ReactNode): RouteObject {
  const handle: RouteHandle = { title };
  return { path, element, handle };
}

/**
 * The route table of spec 001, section 2.1. Public pages render bare; every other page, the
 * not-found screen included, is drawn in the scaled canvas; the protected ones also sit behind the
 * session guard, which sends visitors without a session to /landing.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      publicRoute(paths.login, 'Sign In', <LoginScreen />),
      publicRoute(paths.verifySignIn, 'Verify Sign-In', <VerifyScreen />),
      publicRoute(paths.landing, 'Practise with the band', <LandingScreen />),
      publicRoute(paths.privacyPolicy, 'Privacy Policy', <PrivacyPolicyScreen />),
      publicRoute(paths.termsOfUse, 'Terms of Use', <TermsOfUseScreen />),
      publicRoute(paths.privacyRequests, 'Privacy Request', <PrivacyRequestsScreen />),
      publicRoute(paths.subprocessors, 'Subprocessors', <SubprocessorsScreen />),
      publicRoute(paths.drumlessTracks, 'Drumless Tracks', <SeoLandingScreen kind="drumless" />),
      publicRoute(paths.basslessTracks, 'Bassless Tracks', <SeoLandingScreen kind="bassless" />),
      publicRoute(paths.guitarlessTracks, 'Guitarless Tracks', <SeoLandingScreen kind="guitarless" />),
      publicRoute(paths.vocalTracks, 'Vocal Tracks', <SeoLandingScreen kind="vocal" />),
      publicRoute(paths.faq, 'FAQ', <FaqScreen />),
      publicRoute(paths.features, 'Features', <FeaturesScreen />),
      publicRoute(paths.about, 'About', <AboutScreen />),

      redirectRoute(paths.home, paths.library),
      redirectRoute(paths.admin, paths.adminSettings),
      redirectRoute(paths.adminUsers, paths.adminOverview),

      {
        element: <CanvasLayout />,
        handle: { layer: 'canvas' } satisfies RouteHandle,
        children: [
          {
            element: <RequireSession />,
            handle: { layer: 'session' } satisfies RouteHandle,
            children: [
              screenRoute(paths.emailPreferences, 'Email Preferences', <EmailPreferencesScreen />),
              {
                element: <Workspace />,
                children: [
                  // The workspace itself draws the library and the player; these routes only make
                  // the paths valid and name the tab.
                  screenRoute(paths.library, 'Song Library', null),
                  screenRoute(paths.player, 'Player', null),
                  screenRoute(paths.membership, 'Membership', <Overlay><MembershipScreen /></Overlay>),
                  screenRoute(paths.usage, 'Usage & Credits', <Overlay><UsageScreen /></Overlay>),
                  {
                    element: (
                      <Overlay scrolls>
                        <AdminLayout />
                      </Overlay>
                    ),
                    handle: { title: 'Admin Dashboard' } satisfies RouteHandle,
                    children: [
                      screenRoute(paths.adminOverview, 'Admin · Overview', <AdminOverviewScreen />),
                      screenRoute(paths.adminUsage, 'Admin · Usage', <AdminUsageScreen />),
                      screenRoute(paths.adminAnnouncements, 'Admin · Announcements', <AdminAnnouncementsScreen />),
                      screenRoute(paths.adminSettings, 'Admin · Settings', <AdminSettingsScreen />),
                      screenRoute(adminUserAuditRoute, 'Admin · User History', <AdminUserAuditScreen />),
                    ],
                  },
                ],
              },
            ],
          },
          screenRoute('*', 'Page Not Found', <NotFoundScreen />),
        ],
      },
    ],
  },
];
