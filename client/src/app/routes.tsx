import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { adminUserAuditRoute, paths } from '../lib/routes/paths';
import type { AppPath } from '../lib/routes/paths';
import { CanvasLayout } from './canvas-layout';
import { NotFoundScreen } from './not-found-screen';
import { Overlay } from './overlay';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';
import type { RouteHandle } from './route-handle';

type ScreenLoader = () => Promise<ReactNode>;

// Each screen is its own lazily loaded chunk, so public pages never download the player, database or admin code (decision 0027).
function lazyElement(load: ScreenLoader): RouteObject['lazy'] {
  return async () => ({ element: await load() });
}

function publicRoute(path: AppPath, title: string, load: ScreenLoader): RouteObject {
  const handle: RouteHandle = { title, layer: 'public' };
  return { path, lazy: lazyElement(load), handle };
}

function redirectRoute(path: AppPath, to: AppPath): RouteObject {
  const handle: RouteHandle = { redirectTo: to };
  return { path, element: <Navigate to={to} replace />, handle };
}

function screenRoute(path: AppPath | typeof adminUserAuditRoute, title: string, load: ScreenLoader | null): RouteObject {
  const handle: RouteHandle = { title };
  return load === null ? { path, element: null, handle } : { path, lazy: lazyElement(load), handle };
}

function BlankWhileLoading() {
  return null;
}

const seoLanding = (kind: 'drumless' | 'bassless' | 'guitarless' | 'vocal'): ScreenLoader => async () => {
  const { SeoLandingScreen } = await import('../features/marketing/seo-landing-screen');
  return <SeoLandingScreen kind={kind} />;
};

/** The routes of spec 001, 2.1: public pages bare, the rest in the scaled canvas, the protected ones behind the session guard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    HydrateFallback: BlankWhileLoading,
    children: [
      publicRoute(paths.login, 'Sign In', async () => {
        const { LoginScreen } = await import('../features/auth/login-screen');
        return <LoginScreen />;
      }),
      publicRoute(paths.verifySignIn, 'Verify Sign-In', async () => {
        const { VerifyScreen } = await import('../features/auth/verify-screen');
        return <VerifyScreen />;
      }),
      publicRoute(paths.landing, 'Practise with the band', async () => {
        const { LandingScreen } = await import('../features/marketing/landing-screen');
        return <LandingScreen />;
      }),
      publicRoute(paths.privacyPolicy, 'Privacy Policy', async () => {
        const { PrivacyPolicyScreen } = await import('../features/legal/privacy-policy-screen');
        return <PrivacyPolicyScreen />;
      }),
      publicRoute(paths.termsOfUse, 'Terms of Use', async () => {
        const { TermsOfUseScreen } = await import('../features/legal/terms-of-use-screen');
        return <TermsOfUseScreen />;
      }),
      publicRoute(paths.privacyRequests, 'Privacy Request', async () => {
        const { PrivacyRequestsScreen } = await import('../features/privacy-requests/privacy-requests-screen');
        return <PrivacyRequestsScreen />;
      }),
      publicRoute(paths.subprocessors, 'Subprocessors', async () => {
        const { SubprocessorsScreen } = await import('../features/legal/subprocessors-screen');
        return <SubprocessorsScreen />;
      }),
      publicRoute(paths.drumlessTracks, 'Drumless Tracks', seoLanding('drumless')),
      publicRoute(paths.basslessTracks, 'Bassless Tracks', seoLanding('bassless')),
      publicRoute(paths.guitarlessTracks, 'Guitarless Tracks', seoLanding('guitarless')),
      publicRoute(paths.vocalTracks, 'Vocal Tracks', seoLanding('vocal')),
      publicRoute(paths.faq, 'FAQ', async () => {
        const { FaqScreen } = await import('../features/marketing/faq-screen');
        return <FaqScreen />;
      }),
      publicRoute(paths.features, 'Features', async () => {
        const { FeaturesScreen } = await import('../features/marketing/features-screen');
        return <FeaturesScreen />;
      }),
      publicRoute(paths.about, 'About', async () => {
        const { AboutScreen } = await import('../features/marketing/about-screen');
        return <AboutScreen />;
      }),

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
              screenRoute(paths.emailPreferences, 'Email Preferences', async () => {
                const { EmailPreferencesScreen } = await import('../features/email-preferences/email-preferences-screen');
                return <EmailPreferencesScreen />;
              }),
              {
                // The workspace (library and player, with Tone.js and RxDB behind them).
                lazy: lazyElement(async () => {
                  const { Workspace } = await import('./workspace');
                  return <Workspace />;
                }),
                children: [
                  // The workspace draws library and player; these routes only make the paths valid and name the tab.
                  screenRoute(paths.library, 'Song Library', null),
                  screenRoute(paths.player, 'Player', null),
                  screenRoute(paths.membership, 'Membership', async () => {
                    const { MembershipScreen } = await import('../features/membership/membership-screen');
                    return (
                      <Overlay>
                        <MembershipScreen />
                      </Overlay>
                    );
                  }),
                  screenRoute(paths.practice, 'Practice Log', async () => {
                    const { PracticeScreen } = await import('../features/practice/practice-screen');
                    return (
                      <Overlay>
                        <PracticeScreen />
                      </Overlay>
                    );
                  }),
                  screenRoute(paths.offlineSongs, 'Offline Songs', async () => {
                    const { OfflineSongsScreen } = await import('../features/offline-songs/offline-songs-screen');
                    return (
                      <Overlay>
                        <OfflineSongsScreen />
                      </Overlay>
                    );
                  }),
                  screenRoute(paths.usage, 'Usage & Credits', async () => {
                    const { UsageScreen } = await import('../features/usage/usage-screen');
                    return (
                      <Overlay>
                        <UsageScreen />
                      </Overlay>
                    );
                  }),
                  {
                    lazy: lazyElement(async () => {
                      const { AdminLayout } = await import('../features/admin/admin-layout');
                      return (
                        <Overlay scrolls>
                          <AdminLayout />
                        </Overlay>
                      );
                    }),
                    handle: { title: 'Admin Dashboard' } satisfies RouteHandle,
                    children: [
                      screenRoute(paths.adminOverview, 'Admin · Overview', async () => {
                        const { AdminOverviewScreen } = await import('../features/admin/admin-overview-screen');
                        return <AdminOverviewScreen />;
                      }),
                      screenRoute(paths.adminUsage, 'Admin · Usage', async () => {
                        const { AdminUsageScreen } = await import('../features/admin/admin-usage-screen');
                        return <AdminUsageScreen />;
                      }),
                      screenRoute(paths.adminAnnouncements, 'Admin · Announcements', async () => {
                        const { AdminAnnouncementsScreen } = await import('../features/admin/admin-announcements-screen');
                        return <AdminAnnouncementsScreen />;
                      }),
                      screenRoute(paths.adminSettings, 'Admin · Settings', async () => {
                        const { AdminSettingsScreen } = await import('../features/admin/admin-settings-screen');
                        return <AdminSettingsScreen />;
                      }),
                      screenRoute(adminUserAuditRoute, 'Admin · User History', async () => {
                        const { AdminUserAuditScreen } = await import('../features/admin/admin-user-audit-screen');
                        return <AdminUserAuditScreen />;
                      }),
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundScreen />, handle: { title: 'Page Not Found' } satisfies RouteHandle },
        ],
      },
    ],
  },
];
