import type { CSSProperties, ReactNode } from 'react';
import { DESIGN_HEIGHT, DESIGN_WIDTH } from './canvas-scale';
import styles from './scaled-canvas.module.css';
import { useCanvasScale } from './use-canvas-scale';
import { usePhoneLayout } from './use-phone-layout';

/**
 * The fixed 1280x800 design canvas every non-public screen is drawn in, scaled to fit the window
 * (capped at 2) and centred. Screens inside lay out in design pixels and never see the window size.
 * Below 800 px wide (phones) there is no canvas: the screens fill the window and reflow to their
 * phone layout (the `max-width: 799.98px` blocks of their CSS modules; decision 0034).
 */
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
        // --canvas-scale: modal dialogs are drawn in the top layer, outside this transform, and scale
        // their card by it themselves.
        style={{ width: DESIGN_WIDTH, height: DESIGN_HEIGHT, transform: `translate(-50%, -50%) scale(${scale})`, '--canvas-scale': scale } as CSSProperties}
      >
        {children}
      </div>
    </div>
  );
}
