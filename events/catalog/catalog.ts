import type { z } from 'zod';
import type { EventToAppend, RecordedEvent } from '../store/event-store';
import { UserRegistered, UserSignedIn, UserSignedOut } from './accounts';
import {
  CreditsAdjusted,
  CreditsPurchased,
  CreditsRefunded,
  SubscriptionCancellationRequested,
  SubscriptionCancellationWithdrawn,
  SubscriptionEnded,
  SubscriptionPastDue,
  SubscriptionRenewed,
  SubscriptionStarted,
} from './billing';
import { CampaignBatchSent, CampaignCanceled, CampaignCompleted, CampaignCreated, CampaignPaused, CampaignResumed } from './campaigns';
import type { EventDefinition } from './define-event';
import { EmailBounced, EmailComplained } from './email-feedback';
import { type EventMetadata, eventMetadataSchema } from './event-metadata';
import {
  SongAnalysed,
  SongBpmDetected,
  SongCatalogued,
  SongDetailsEditedForUser,
  SongFilesChanged,
  SongGenreEdited,
  SongMetadataEdited,
  SongPlayed,
  SongRemovedFromDisk,
  SongStarred,
  SongTempoAnalysed,
  SongUnstarred,
} from './library';
import { MailingListSubscribed } from './marketing';
import { StemStreamed } from './metering';
import { PracticeSessionRecorded } from './practice';
import { SongPresetReset, SongPresetSaved } from './presets';
import { TakeDeleted, TakeRecorded, TakeRenamed } from './takes';
import { PrivacyRequestSubmitted } from './privacy';
import {
  AnnouncementsResubscribed,
  AnnouncementsUnsubscribed,
  PurchasingDisabled,
  PurchasingEnabled,
  TutorialDismissed,
  UserPreferencesChanged,
} from './settings';

/** Every event Woodshed knows. A feature adds its definitions here. */
export const eventDefinitions = [
  UserRegistered,
  UserSignedIn,
  UserSignedOut,
  TutorialDismissed,
  UserPreferencesChanged,
  AnnouncementsUnsubscribed,
  AnnouncementsResubscribed,
  PurchasingEnabled,
  PurchasingDisabled,
  PrivacyRequestSubmitted,
  MailingListSubscribed,
  EmailBounced,
  EmailComplained,
  SongStarred,
  SongUnstarred,
  SongCatalogued,
  SongFilesChanged,
  SongRemovedFromDisk,
  SongMetadataEdited,
  SongGenreEdited,
  SongDetailsEditedForUser,
  SongPlayed,
  SongTempoAnalysed,
  SongAnalysed,
  SongBpmDetected,
  SongPresetSaved,
  SongPresetReset,
  PracticeSessionRecorded,
  TakeRecorded,
  TakeRenamed,
  TakeDeleted,
  StemStreamed,
  CreditsPurchased,
  CreditsRefunded,
  CreditsAdjusted,
  SubscriptionStarted,
  SubscriptionRenewed,
  SubscriptionCancellationRequested,
  SubscriptionCancellationWithdrawn,
  SubscriptionPastDue,
  SubscriptionEnded,
  CampaignCreated,
  CampaignBatchSent,
  CampaignPaused,
  CampaignResumed,
  CampaignCanceled,
  CampaignCompleted,
] as const;

type Definitions = (typeof eventDefinitions)[number];

/** The discriminated union of all events, in their current schema version. */
export type WoodshedEvent = {
  [D in Definitions as D['type']]: { type: D['type']; data: z.infer<D['schema']>; metadata: EventMetadata };
}[Definitions['type']];

export type WoodshedEventType = WoodshedEvent['type'];
export type EventOfType<T extends WoodshedEventType> = Extract<WoodshedEvent, { type: T }>;
export type DataOf<T extends WoodshedEventType> = EventOfType<T>['data'];

/** An event read from the log: the domain event plus where it sits. */
export type StoredEvent = WoodshedEvent & Pick<RecordedEvent, 'streamId' | 'streamPosition' | 'position' | 'recordedAt'>;

const byType = new Map<string, EventDefinition>(eventDefinitions.map((definition) => [definition.type, definition]));

export class UnknownEventType extends Error {
  override readonly name = 'UnknownEventType';
  constructor(readonly type: string) {
    super(`Unknown event type ${type}`);
  }
}

/** Build an event for the store, validating its data and metadata on the way in. */
export function newEvent<T extends WoodshedEventType>(type: T, data: DataOf<T>, metadata: EventMetadata): EventToAppend {
  const definition = byType.get(type);
  if (!definition) throw new UnknownEventType(type);
  return {
    eventId: metadata.eventId,
    type,
    schemaVersion: definition.schemaVersion,
    data: definition.schema.parse(data),
    metadata: eventMetadataSchema.parse(metadata),
  };
}

/** Upcast a stored event to its current version step by step, then validate it (the log is an edge too). */
export function decodeEvent(recorded: RecordedEvent): StoredEvent {
  const definition = byType.get(recorded.type);
  if (!definition) throw new UnknownEventType(recorded.type);
  let data = recorded.data;
  for (let version = recorded.schemaVersion; version < definition.schemaVersion; version++) {
    data = definition.upcasters[version]!(data);
  }
  return {
    type: recorded.type,
    data: definition.schema.parse(data),
    metadata: eventMetadataSchema.parse(recorded.metadata),
    streamId: recorded.streamId,
    streamPosition: recorded.streamPosition,
    position: recorded.position,
    recordedAt: recorded.recordedAt,
  } as StoredEvent;
}

/** Exhaustiveness check for a `switch` on event types: a new event type cannot be forgotten. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
