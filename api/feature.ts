import type { AppDependencies } from './app-dependencies';
import type { AppMiddleware, AppRouter } from './http/app-context';
import type { BackgroundJob } from './jobs/background-job';

/**
 * One feature as the app shell mounts it: request-wide middleware, its routers (in order) and its
 * background jobs (one active instance each). Register a new feature in api/features.ts.
 */
export interface Feature {
  /** kebab-case, for logs. */
  readonly name: string;
  /** Middleware for every request (finding the session, ...), mounted before all routers. */
  middleware?(deps: AppDependencies): AppMiddleware[];
  routers?(deps: AppDependencies): AppRouter[];
  /**
   * Paths whose request body the app's JSON parser leaves unread (signed webhooks read the raw
   * bytes): exact paths, or prefixes ending in `/` (every path under it, for a secret last segment).
   */
  readonly rawBodyPaths?: readonly string[];
  jobs?(deps: AppDependencies): BackgroundJob[];
}
