import { useEffect, useMemo, useRef } from 'react';
import { Button } from '../../components/ui/button';
import type { Seconds } from '../../lib/audio/units';
import { lyricPositionAt, parseLyrics } from './lyrics';
import styles from './player.module.css';

/** The lyrics overlay (spec 000), with its own play/pause since it covers the player. */
export function LyricsOverlay({
  text,
  position,
  isPlaying,
  onPlay,
  onPause,
  onClose,
}: {
  text: string;
  position: Seconds;
  isPlaying: boolean;
  onPlay: () => void;
  onPause: () => void;
  onClose: () => void;
}) {
  const lyrics = useMemo(() => parseLyrics(text), [text]);
  const current = lyricPositionAt(lyrics, position);
  const lineRefs = useRef(new Map<number, HTMLElement>());

  useEffect(() => {
    if (current.lastStartedLine === null) return;
    lineRefs.current.get(current.lastStartedLine)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [current.lastStartedLine]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={styles.lyricsOverlay} role="dialog" aria-modal="true" aria-label="Lyrics">
      <button type="button" className={styles.lyricsClose} aria-label="Close lyrics" onClick={onClose}>
        ×
      </button>
      <div className={styles.lyricsScroll}>
        {lyrics.sections.map((section, sectionIndex) => (
          <section key={sectionIndex} className={styles.lyricsSection} data-current={current.section === sectionIndex}>
            <h3 className={styles.lyricsSectionName}>{section.name}</h3>
            {lyrics.lines.slice(section.firstLine, section.lastLine + 1).map((line, offset) => {
              const lineIndex = section.firstLine + offset;
              const isCurrentLine = current.line === lineIndex;
              return (
                <p
                  key={lineIndex}
                  ref={(element) => {
                    if (element) lineRefs.current.set(lineIndex, element);
                    else lineRefs.current.delete(lineIndex);
                  }}
                  className={styles.lyricsLine}
                  data-current={isCurrentLine}
                >
                  {line.words.length === 0
                    ? line.text
                    : line.words.map((word, wordIndex) => (
                        <span key={wordIndex} className={styles.lyricsWord} data-current={isCurrentLine && current.word === wordIndex}>
                          {word.text}{' '}
                        </span>
                      ))}
                </p>
              );
            })}
          </section>
        ))}
      </div>
      <div className={styles.lyricsFooter}>
        <Button variant="primary" onClick={isPlaying ? onPause : onPlay} aria-label={isPlaying ? 'Pause' : 'Play'}>
          {isPlaying ? '❚❚ Pause' : '▶ Play'}
        </Button>
        <p className={styles.lyricsStatus}>{isPlaying ? 'Following along...' : 'Paused - Click play to continue'}</p>
      </div>
    </div>
  );
}
