import type { Projection } from './runtime/projection-definition';
import { adminUsage } from './admin-usage/admin-usage-projection';
import { campaigns } from './campaigns/campaigns-projection';
import { credits } from './credits/credits-projection';
import { emailSuppressions } from './email-suppressions/email-suppressions-projection';
import { detectedChords } from './detected-chords/detected-chords-projection';
import { type ProjectionsHandle, type StartProjectionsOptions, startProjectionHost } from './runtime/projection-host';
import { mailingList } from './mailing-list/mailing-list-projection';
import { practiceLog } from './practice-log/practice-log-projection';
import { presets } from './presets/presets-projection';
import { purchasingSetting } from './purchasing-setting/purchasing-setting-projection';
import { privacyRequests } from './privacy-requests/privacy-requests-projection';
import { songs } from './songs/songs-projection';
import { subscriptionChurn } from './subscription-churn/subscription-churn-projection';
import { subscriptions } from './subscriptions/subscriptions-projection';
import { takes } from './takes/takes-projection';
import { usageBytesPerUser } from './usage-bytes-per-user/usage-bytes-per-user-projection';
import { userEventHistory } from './user-event-history/user-event-history-projection';
import { users } from './users/users-projection';

/** Every read model the app runs. A new read model adds its projection here. */
export const projections: readonly Projection[] = [usageBytesPerUser, users, privacyRequests, mailingList, emailSuppressions, songs, subscriptions, presets, credits, purchasingSetting, detectedChords, campaigns, adminUsage, subscriptionChurn, userEventHistory, practiceLog, takes];

/** Find a projection by its name (CLI arguments); undefined when there is none. */
export function findProjection(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}

/** Run every projection in this process, one active runner per projection across processes. */
export function startProjections(options: StartProjectionsOptions): Promise<ProjectionsHandle> {
  return startProjectionHost({ ...options, projections });
}
