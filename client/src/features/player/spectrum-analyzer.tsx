import { useEffect, useRef } from 'react';
import { SPECTRUM_BAR_COUNT, spectrumBars } from '../../lib/audio/spectrum-bars';
import type { StemEngine } from '../../lib/audio/stem-engine';
import styles from './player.module.css';

const WIDTH = 450;
const HEIGHT = 325;
const GAP = 3;

/** 32 bars of the master output every frame (spec 000); the loudest goes to `data-peak` for browser tests. */
export function SpectrumAnalyzer({ engine }: { engine: StemEngine }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const barWidth = (WIDTH - GAP * (SPECTRUM_BAR_COUNT - 1)) / SPECTRUM_BAR_COUNT;
    let frame = requestAnimationFrame(function draw() {
      const bars = spectrumBars(engine.graph.spectrum(), engine.graph.context.sampleRate);
      context.clearRect(0, 0, WIDTH, HEIGHT);
      bars.forEach((level, index) => {
        const height = Math.max(2, level * HEIGHT);
        context.fillStyle = `hsl(${36 - level * 30} 90% ${45 + level * 15}%)`;
        context.fillRect(index * (barWidth + GAP), HEIGHT - height, barWidth, height);
      });
      canvas.dataset.peak = Math.max(...bars).toFixed(3);
      frame = requestAnimationFrame(draw);
    });
    return () => cancelAnimationFrame(frame);
  }, [engine]);

  return (
    <section className={styles.panel} aria-labelledby="spectrum-title">
      <h2 id="spectrum-title" className={styles.panelTitle}>
        SPECTRUM ANALYZER
      </h2>
      <canvas ref={canvasRef} className={styles.spectrum} width={WIDTH} height={HEIGHT} data-testid="spectrum" data-peak="0" />
    </section>
  );
}
