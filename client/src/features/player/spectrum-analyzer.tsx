import { useEffect, useRef } from 'react';
import { SPECTRUM_BAR_COUNT, spectrumBars } from '../../lib/audio/spectrum-bars';
import type { StemEngine } from '../../lib/audio/stem-engine';
import { audioFrames } from './audio-frames';
import styles from './player.module.css';

const WIDTH = 450;
const HEIGHT = 325;
const GAP = 3;

/** 32 bars of the master output every frame while there is sound (spec 000); the loudest goes to `data-peak` for browser tests. */
export function SpectrumAnalyzer({ engine, isPlaying }: { engine: StemEngine; isPlaying: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const barWidth = (WIDTH - GAP * (SPECTRUM_BAR_COUNT - 1)) / SPECTRUM_BAR_COUNT;
    // A frame that would draw the bars last drawn leaves the canvas alone: no repaint for nothing new.
    let drawn = '';
    return audioFrames(isPlaying, () => {
      const bars = spectrumBars(engine.graph.spectrum(), engine.graph.context.sampleRate);
      const key = bars.map((level) => level.toFixed(3)).join(',');
      if (key !== drawn) {
        drawn = key;
        context.clearRect(0, 0, WIDTH, HEIGHT);
        bars.forEach((level, index) => {
          const height = Math.max(2, level * HEIGHT);
          context.fillStyle = `hsl(${36 - level * 30} 90% ${45 + level * 15}%)`;
          context.fillRect(index * (barWidth + GAP), HEIGHT - height, barWidth, height);
        });
        canvas.dataset.peak = Math.max(...bars).toFixed(3);
      }
      return bars.some((level) => level > 0);
    });
  }, [engine, isPlaying]);

  return (
    <section className={styles.panel} aria-labelledby="spectrum-title">
      <h2 id="spectrum-title" className={styles.panelTitle}>
        SPECTRUM ANALYZER
      </h2>
      <canvas ref={canvasRef} className={styles.spectrum} width={WIDTH} height={HEIGHT} data-testid="spectrum" data-peak="0" />
    </section>
  );
}
