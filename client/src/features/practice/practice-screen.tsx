import { type ReactNode, useEffect, useState } from 'react';
import { LinkButton } from '../../components/ui/link-button';
import { LoadingState } from '../../components/ui/loading-state';
import card from '../../components/ui/card.module.css';
import { ScreenFrame } from '../../components/ui/screen-frame';
import { localDateOf } from '../../lib/practice/practice-clock';
import { endPracticeSessions } from '../../lib/practice/practice-session-end';
import { useBackToPlayerPath } from '../../lib/routes/back-to-player';
import type { PracticeSummary } from '../../../../contract/practice';
import { usePracticeSummaryQuery } from './practice-api';
import { formatChartDay, formatPracticeTime, formatSongPosition, formatTakeLength, formatTempo, formatTempoProgression, lastDaysSeconds } from './practice-format';
import styles from './practice-screen.module.css';

export function PracticeScreen() {
  const backToPlayer = useBackToPlayerPath();
  const [today] = useState(() => localDateOf(new Date()));
  // The player stays mounted behind this page: end its session first, so what was just played counts.
  const [sessionEnded, setSessionEnded] = useState(false);
  useEffect(() => {
    void endPracticeSessions().finally(() => setSessionEnded(true));
  }, []);
  const { data: summary, isLoading, isError } = usePracticeSummaryQuery(today, { refetchOnMountOrArgChange: true, skip: !sessionEnded });

  return (
    <ScreenFrame className={styles.screen} title="PRACTICE LOG" subtitle="The time you spent playing along, from every device you use." back={<LinkButton to={backToPlayer}>Back to Player</LinkButton>}>
      {isLoading || !sessionEnded ? <LoadingState label="Loading your practice log..." /> : null}
      {isError ? <p className={styles.loadError}>Your practice log could not be loaded. Reload the page to try again.</p> : null}
      {summary ? <PracticeDetails summary={summary} today={today} /> : null}
    </ScreenFrame>
  );
}

function PracticeDetails({ summary, today }: { summary: PracticeSummary; today: string }) {
  if (summary.totalSessions === 0 && summary.takes.length === 0) {
    return (
      <p className={styles.empty}>
        No practice recorded yet. Play a song for at least 10 seconds, and the time you play shows here when you move on to the next song.
      </p>
    );
  }
  const days = (count: number) => (count === 1 ? 'day' : 'days');
  return (
    <>
      <div className={styles.summary}>
        <PracticeCard title="Streak">
          <p className={styles.figure}>
            {summary.streak.current}
            <span>{days(summary.streak.current)}</span>
          </p>
          <p className={card.note}>
            Longest: {summary.streak.longest} {days(summary.streak.longest)}
          </p>
        </PracticeCard>
        <PracticeCard title="Last 7 days">
          <p className={styles.figure}>{formatPracticeTime(lastDaysSeconds(summary.days, 7))}</p>
        </PracticeCard>
        <PracticeCard title="Last 28 days">
          <p className={styles.figure}>{formatPracticeTime(lastDaysSeconds(summary.days, 28))}</p>
        </PracticeCard>
        <PracticeCard title="All time">
          <p className={styles.figure}>{formatPracticeTime(summary.totalSeconds)}</p>
          <p className={card.note}>
            {summary.totalSessions} {summary.totalSessions === 1 ? 'session' : 'sessions'}
          </p>
        </PracticeCard>
      </div>
      <DayChart days={summary.days} today={today} />
      <div className={styles.lists}>
        <SongsCard songs={summary.songs} />
        <LoopsCard loops={summary.loops} />
        <TakesCard takes={summary.takes} />
      </div>
    </>
  );
}

function DayChart({ days, today }: { days: PracticeSummary['days']; today: string }) {
  const most = Math.max(60, ...days.map((day) => day.seconds));
  return (
    <PracticeCard title="Practice per day">
      <ol className={styles.chart}>
        {days.map((day, index) => (
          <li key={day.date} className={styles.chartDay} data-today={day.date === today} aria-label={`${formatChartDay(day.date)}: ${formatPracticeTime(day.seconds)}`}>
            <span className={styles.chartBar} style={{ height: `${Math.round((day.seconds / most) * 100)}%` }} />
            {/* A label each week, counted back from today. */}
            <span className={styles.chartLabel}>{(days.length - 1 - index) % 7 === 0 ? formatChartDay(day.date) : ''}</span>
          </li>
        ))}
      </ol>
    </PracticeCard>
  );
}

function SongsCard({ songs }: { songs: PracticeSummary['songs'] }) {
  return (
    <PracticeCard title="Songs">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Song</th>
            <th scope="col">Time</th>
            <th scope="col">Sessions</th>
            <th scope="col">Tempo</th>
          </tr>
        </thead>
        <tbody>
          {songs.map((song) => (
            <tr key={song.songId}>
              <td>{song.title ?? `Song ${song.songId}`}</td>
              <td>{formatPracticeTime(song.seconds)}</td>
              <td>{song.sessions}</td>
              <td>{formatTempoProgression(song.tempos)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PracticeCard>
  );
}

function LoopsCard({ loops }: { loops: PracticeSummary['loops'] }) {
  return (
    <PracticeCard title="Tempo progress">
      {loops.length === 0 ? (
        <p className={card.note}>Passages you loop show here with the best tempo you reached on each day.</p>
      ) : (
        <ul className={styles.loops}>
          {loops.map((loop) => (
            <li key={`${loop.songId}:${loop.startSeconds}:${loop.endSeconds}`}>
              <span className={styles.loopName}>
                {loop.title ?? `Song ${loop.songId}`} {formatSongPosition(loop.startSeconds)}–{formatSongPosition(loop.endSeconds)}
              </span>
              <span className={card.note}>{loop.days.map((day) => `${formatChartDay(day.date)} ${formatTempo(day.bestTempo)}`).join(' · ')}</span>
            </li>
          ))}
        </ul>
      )}
    </PracticeCard>
  );
}

function TakesCard({ takes }: { takes: PracticeSummary['takes'] }) {
  return (
    <PracticeCard title="Takes">
      {takes.length === 0 ? (
        <p className={card.note}>Takes you record in the player show here, song by song. Their audio stays on the device you recorded them on.</p>
      ) : (
        <ul className={styles.loops}>
          {takes.map((song) => (
            <li key={song.songId} data-testid="practice-takes-song">
              <span className={styles.loopName}>
                {song.title ?? `Song ${song.songId}`}: {song.count} {song.count === 1 ? 'take' : 'takes'}, {formatTakeLength(song.totalSeconds)}
              </span>
              <span className={card.note}>
                {song.recent.map((take) => `${take.name} (${formatChartDay(take.recordedAt.slice(0, 10))}, ${formatTempo(take.tempo)}, ${formatTakeLength(take.durationSeconds)})`).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PracticeCard>
  );
}

/** A card of the log, named by its heading. */
function PracticeCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className={styles.card} aria-label={title}>
      <h2 className={card.label}>{title}</h2>
      {children}
    </article>
  );
}
