import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import styles from './takes.module.css';
import { type TakeListItem, formatTakeLength, formatTempo, formatTranspose } from './take-list-items';

export interface TakesListProps {
  takes: readonly TakeListItem[];
  loadedId: string | null;
  onPlayAlong(takeId: string): void;
  onRename(takeId: string, name: string): void;
  onDelete(takeId: string): void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The song's takes, newest first: date, tempo, transpose and length; play along, rename, delete. */
export function TakesList({ takes, loadedId, onPlayAlong, onRename, onDelete }: TakesListProps) {
  if (takes.length === 0) return <p className={styles.empty}>No takes of this song yet. Press RECORD and play along with the band.</p>;
  return (
    <ul className={styles.list} aria-label="Takes">
      {takes.map((take) => (
        <TakeRow key={take.id} take={take} loaded={take.id === loadedId} onPlayAlong={onPlayAlong} onRename={onRename} onDelete={onDelete} />
      ))}
    </ul>
  );
}

function TakeRow({ take, loaded, onPlayAlong, onRename, onDelete }: { take: TakeListItem; loaded: boolean } & Omit<TakesListProps, 'takes' | 'loadedId'>) {
  const [draft, setDraft] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const commit = () => {
    if (draft !== null && draft.trim() !== '' && draft.trim() !== take.name) onRename(take.id, draft);
    setDraft(null);
  };
  return (
    <li className={styles.take} data-testid="take" data-take-id={take.id} data-loaded={loaded}>
      {draft === null ? (
        <span className={styles.takeName}>{take.name}</span>
      ) : (
        <input
          aria-label={`New name for ${take.name}`}
          value={draft}
          maxLength={80}
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            if (event.key === 'Escape') setDraft(null);
          }}
        />
      )}
      <span className={styles.takeFacts}>
        {dateFormat.format(take.recordedAt)} · {formatTempo(take.tempo)} · {formatTranspose(take.transpose)} · {formatTakeLength(take.durationSeconds)}
        {take.onDevice ? '' : ' · on another device'}
      </span>
      <span className={styles.takeActions}>
        {confirming ? (
          <>
            <Button variant="primary" aria-label={`Confirm delete ${take.name}`} onClick={() => onDelete(take.id)}>
              DELETE
            </Button>
            <Button aria-label={`Keep ${take.name}`} onClick={() => setConfirming(false)}>
              KEEP
            </Button>
          </>
        ) : (
          <>
            <Button aria-label={`Play along with ${take.name}`} disabled={!take.onDevice || loaded} onClick={() => onPlayAlong(take.id)}>
              {loaded ? 'LOADED' : 'PLAY ALONG'}
            </Button>
            <Button aria-label={`Rename ${take.name}`} onClick={() => setDraft(take.name)}>
              RENAME
            </Button>
            <Button aria-label={`Delete ${take.name}`} onClick={() => setConfirming(true)}>
              DELETE
            </Button>
          </>
        )}
      </span>
    </li>
  );
}
