import type { CSSProperties, ReactNode } from 'react';
import { DESIGN_HEIGHT, DESIGN_WIDTH } from './canvas-scale';
import styles from './scaled-canvas.module.css';
import { useCanvasScale } from './use-canvas-scale';
import { usePhoneLayout } from './use-phone-layout';

/** The 1280x800 design canvas, scaled to fit (at most 2x) and centred; below 800 px the screens fill the window in their phone layout (decision 0034). */
export function ScaledCanvas({ children }: { children: ReactNode }) {
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <div className={styles.phone} data-testid="phone-layout">
        {children}
      </div>
    );
  }
  return <DesignCanvas>{children}</DesignCanvas>;
}

function DesignCanvas({ children }: { children: ReactNode }) {
  const scale = useCanvasScale();
  return (
    <div className={styles.viewport}>
      <div
        className={styles.canvas}
        data-testid="design-canvas"
        data-scale={scale}
        // --canvas-scale: top-layer modal dialogs sit outside this transform and scale their card by it.
        style={{ width: DESIGN_WIDTH, height: DESIGN_HEIGHT, transform: `translate(-50%, -50%) scale(${scale})`, '--canvas-scale': scale } as CSSProperties}
      >
        {children}
      </div>
    </div>
  );
}
