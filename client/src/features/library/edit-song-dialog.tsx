import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { CancelConfirmActions } from '../../components/ui/cancel-confirm-actions';
import { FormField, fieldControl } from '../../components/ui/form-field';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { showToast } from '../../components/ui/toast-store';
import { useEditSongGenreMutation, useEditSongMetadataMutation, useRescanSongBpmMutation } from './edit-song-api';
import styles from './edit-song-dialog.module.css';
import type { LibrarySong } from './library-song';
import {
  type SongDetailsField,
  type SongDetailsForm,
  type SongDetailsProblem,
  bpmDetectionProblem,
  formFromSong,
  genreChoices,
  hasNoCalls,
  planSongDetailsSave,
} from './song-details-form';

export interface EditSongDialogProps {
  song: LibrarySong;
  onClose(): void;
  /** A change reached the server: the library pulls now rather than wait for the stream. */
  onChanged(): void;
}

/** The edit song details modal (spec 000, 2 and 5): sends only what changed; a failed call keeps the dialog and its input. */
export function EditSongDialog({ song, onClose, onChanged }: EditSongDialogProps) {
  const formId = useId();
  // What the server holds, so a save retried after a partial failure sends only what is missing.
  const [saved, setSaved] = useState<SongDetailsForm>(() => formFromSong(song));
  const [form, setForm] = useState<SongDetailsForm>(saved);
  const [problems, setProblems] = useState<Partial<Record<SongDetailsField, SongDetailsProblem>>>({});
  const [saving, setSaving] = useState(false);
  const [editMetadata] = useEditSongMetadataMutation();
  const [editGenre] = useEditSongGenreMutation();
  const [rescanBpm, rescan] = useRescanSongBpmMutation();
  const busy = saving || rescan.isLoading;
  const genres = genreChoices(saved.genre, saved.genre2);

  function change(field: SongDetailsField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  }

  async function save() {
    const plan = planSongDetailsSave(saved, form);
    if (!plan.ok) {
      setProblems(plan.problems);
      const first = Object.values(plan.problems)[0];
      if (first) showToast({ title: first.title, description: first.text, variant: 'destructive' });
      return;
    }
    setProblems({});
    const { calls } = plan;
    if (hasNoCalls(calls)) {
      onClose();
      return;
    }
    setSaving(true);
    let changed = false;
    try {
      // Spec 000, section 5: the title is sent on its own.
      if (calls.title !== undefined) {
        await editMetadata({ id: song.id, body: { title: calls.title } }).unwrap();
        const title = calls.title;
        setSaved((current) => ({ ...current, title }));
        changed = true;
      }
      if (calls.metadata) {
        await editMetadata({ id: song.id, body: calls.metadata }).unwrap();
        setSaved((current) => ({ ...current, bpm: form.bpm, key: form.key, difficulty: form.difficulty }));
        changed = true;
      }
      if (calls.genre) {
        await editGenre({ id: song.id, ...calls.genre }).unwrap();
        setSaved((current) => ({ ...current, genre: form.genre, genre2: form.genre2 }));
        changed = true;
      }
    } catch {
      if (changed) onChanged();
      setSaving(false);
      showToast({ title: 'Update Failed', description: 'Failed to update song details', variant: 'destructive' });
      return;
    }
    onChanged();
    showToast({ title: 'Song Updated', description: `${calls.title ?? form.title.trim()} has been updated.` });
    onClose();
  }

  async function detectBpm() {
    try {
      const { bpm } = await rescanBpm(song.id).unwrap();
      // The server records the detected BPM itself: it is saved, not merely typed in.
      setForm((current) => ({ ...current, bpm: String(bpm) }));
      setSaved((current) => ({ ...current, bpm: String(bpm) }));
      setProblems((current) => ({ ...current, bpm: undefined }));
      onChanged();
      showToast({ title: 'BPM Detected', description: `Detected tempo: ${bpm} BPM` });
    } catch (error) {
      const problem = bpmDetectionProblem((error as { status?: number | string } | undefined)?.status);
      showToast({ title: problem.title, description: problem.text, variant: 'destructive' });
    }
  }

  const control = (field: SongDetailsField) => ({
    ...fieldControl(`${formId}-${field}`, problems[field]),
    value: form[field],
    disabled: saving,
  });

  return (
    <ModalDialog
      title="Edit Song Details"
      onClose={busy ? undefined : onClose}
      actions={
        <CancelConfirmActions busy={busy} onCancel={onClose} type="submit" form={formId}>
          {saving ? 'Saving...' : 'Save'}
        </CancelConfirmActions>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field form={formId} field="title" label="Title" problems={problems}>
          <input {...control('title')} type="text" maxLength={200} onChange={(event) => change('title', event.target.value)} />
        </Field>
        <div className={styles.pair}>
          <Field form={formId} field="genre" label="Genre" problems={problems}>
            <select {...control('genre')} onChange={(event) => change('genre', event.target.value)}>
              <GenreOptions genres={genres} />
            </select>
          </Field>
          <Field form={formId} field="genre2" label="Genre 2" problems={problems}>
            <select {...control('genre2')} onChange={(event) => change('genre2', event.target.value)}>
              <GenreOptions genres={genres} />
            </select>
          </Field>
        </div>
        <div className={styles.pair}>
          <Field form={formId} field="key" label="Key" problems={problems}>
            <input {...control('key')} type="text" placeholder="e.g. C major" onChange={(event) => change('key', event.target.value)} />
          </Field>
          <Field form={formId} field="difficulty" label="Difficulty (1-10)" problems={problems}>
            <input {...control('difficulty')} type="number" min={1} max={10} step={1} onChange={(event) => change('difficulty', event.target.value)} />
          </Field>
        </div>
        <Field form={formId} field="bpm" label="BPM" problems={problems}>
          <div className={styles.bpmRow}>
            <input {...control('bpm')} type="number" min={1} max={300} step="any" onChange={(event) => change('bpm', event.target.value)} />
            <Button onClick={() => void detectBpm()} disabled={busy}>
              {rescan.isLoading ? 'Detecting...' : 'Detect BPM'}
            </Button>
          </div>
        </Field>
      </form>
    </ModalDialog>
  );
}

function Field({
  form,
  field,
  label,
  problems,
  children,
}: {
  form: string;
  field: SongDetailsField;
  label: string;
  problems: Partial<Record<SongDetailsField, SongDetailsProblem>>;
  children: ReactNode;
}) {
  return (
    <FormField htmlFor={`${form}-${field}`} label={label} error={problems[field]?.text ?? null}>
      {children}
    </FormField>
  );
}

function GenreOptions({ genres }: { genres: readonly string[] }) {
  return (
    <>
      <option value="">None</option>
      {genres.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );
}
