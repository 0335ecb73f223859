import { type MigrationSet, runMigrations } from '../../events/store/postgres/migrations';
import type { SqlClient } from '../../events/store/postgres/sql-client';

/**
 * The runtime's own tables. `projection_generations` is the registry: every generation a
 * projection ever had, at most one `live` (the one its views point at), at most one `building`
 * (a blue/green rebuild in progress). Rows are kept after retirement so generation numbers are never
 * reused and dead letters keep their context. Released as step 1: never edit it, add a step.
 */
const runtimeSchema = `
CREATE TABLE IF NOT EXISTS projection_generations (
  projection text NOT NULL,
  generation integer NOT NULL,
  version integer NOT NULL,
  state text NOT NULL CHECK (state IN ('building', 'live', 'retired')),
  created_at timestamptz NOT NULL DEFAULT now(),
  live_since timestamptz,
  retired_at timestamptz,
  PRIMARY KEY (projection, generation)
);
CREATE UNIQUE INDEX IF NOT EXISTS projection_generations_one_live
  ON projection_generations (projection) WHERE state = 'live';
CREATE UNIQUE INDEX IF NOT EXISTS projection_generations_one_building
  ON projection_generations (projection) WHERE state = 'building';

CREATE TABLE IF NOT EXISTS projection_checkpoints (
  projection text NOT NULL,
  generation integer NOT NULL,
  position text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, generation),
  FOREIGN KEY (projection, generation) REFERENCES projection_generations (projection, generation)
);

CREATE TABLE IF NOT EXISTS projection_dead_letters (
  id bigserial PRIMARY KEY,
  projection text NOT NULL,
  generation integer NOT NULL,
  position text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  error text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now(),
  resolution text CHECK (resolution IN ('retried', 'skipped', 'superseded')),
  resolved_at timestamptz
);
CREATE INDEX IF NOT EXISTS projection_dead_letters_open
  ON projection_dead_letters (projection, generation) WHERE resolution IS NULL;
`;

/**
 * Step 2: the epoch of every position stored beside the log (decision 0061). It goes up by one
 * each time `npm run rebase-positions` rewrites the log's positions, so a position handed out
 * before (a sync client's checkpoint) can be told from one of the same text handed out after.
 */
const positionEpochSchema = `
CREATE TABLE projection_position_epoch (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  epoch integer NOT NULL
);
INSERT INTO projection_position_epoch (epoch) VALUES (0);
`;

/**
 * Step 4: one checkpoint per owner partition of a generation rebuilt by several workers
 * (`npm run replay -- <projection> --workers W`, partition-checkpoints.ts). `head` is the log's
 * position when the rebuild began: each partition is folded up to it, then the generation's own
 * checkpoint takes it and these rows go. Positions compare as plain text, so collation "C".
 */
const partitionCheckpointsSchema = `
CREATE TABLE projection_partition_checkpoints (
  projection text NOT NULL,
  generation integer NOT NULL,
  partition integer NOT NULL,
  position text COLLATE "C" NOT NULL,
  head text COLLATE "C" NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, generation, partition),
  FOREIGN KEY (projection, generation) REFERENCES projection_generations (projection, generation)
);
`;

/**
 * The runtime tables' numbered migrations. Step 1 is the DDL the runtime ran lazily before
 * numbered migrations (`IF NOT EXISTS`), so a database of that release is adopted as it is.
 */
export const runtimeMigrations: MigrationSet = {
  name: 'projection-runtime',
  migrations: [
    { version: 1, name: 'generations-checkpoints-dead-letters', sql: runtimeSchema },
    { version: 2, name: 'position-epoch', sql: positionEpochSchema },
    // A generation `npm run replay -- <projection> --dry-run` built and kept (decision 0062).
    { version: 3, name: 'dry-run-generations', sql: 'ALTER TABLE projection_generations ADD COLUMN dry_run boolean NOT NULL DEFAULT false;' },
    { version: 4, name: 'partition-checkpoints', sql: partitionCheckpointsSchema },
  ],
};

/**
 * Bring the runtime tables up to date: once at start-up (the projection host, operator commands, a
 * rebuild run on its own), never per batch or per request. Safe from several processes at once.
 */
export async function migrateRuntimeSchema(sql: SqlClient): Promise<void> {
  await runMigrations(sql, [runtimeMigrations]);
}
