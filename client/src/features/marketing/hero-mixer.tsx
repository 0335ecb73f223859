import styles from './hero-mixer.module.css';

/** The strips of the picture: name, slider position (0-1), muted. */
const strips = [
  { name: 'Drums', level: 0.8, muted: true },
  { name: 'Bass', level: 0.7, muted: false },
  { name: 'Guitar', level: 0.85, muted: false },
  { name: 'Keys', level: 0.55, muted: false },
  { name: 'Vocals', level: 0.75, muted: false },
  { name: 'FX', level: 0.4, muted: false },
] as const;

/** The landing hero's mixer, drawn in CSS (no video to download) and hidden from assistive technology as decoration. */
export function HeroMixer() {
  return (
    <div className={styles.mixer} aria-hidden="true">
      <div className={styles.topBar}>
        <span className={styles.songTitle}>Neon Tidewater</span>
        <span className={styles.chord}>
          Am <span className={styles.nextChord}>→ F</span>
        </span>
      </div>
      <div className={styles.strips}>
        {strips.map((strip) => (
          <div key={strip.name} className={styles.strip} data-muted={strip.muted}>
            <div className={styles.meter}>
              <div className={styles.meterFill} style={{ height: `${strip.muted ? 0 : strip.level * 100}%` }} />
            </div>
            <div className={styles.fader}>
              <div className={styles.faderKnob} style={{ bottom: `calc(${strip.level * 100}% - 7px)` }} />
            </div>
            <span className={styles.muteButton}>M</span>
            <span className={styles.stripName}>{strip.name}</span>
          </div>
        ))}
      </div>
      <div className={styles.lyrics}>
        <span className={styles.sung}>Under the harbour </span>
        <span className={styles.word}>lights</span>
        <span> we keep the time</span>
      </div>
    </div>
  );
}
