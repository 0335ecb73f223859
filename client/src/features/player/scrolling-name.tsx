import { useLayoutEffect, useRef, useState } from 'react';
import styles from './player.module.css';

/** A name that scrolls when wider than its strip (spec 000, 3); under reduced motion cut with an ellipsis and titled in full. */
export function ScrollingName({ name }: { name: string }) {
  const outer = useRef<HTMLSpanElement>(null);
  const inner = useRef<HTMLSpanElement>(null);
  const [overflow, setOverflow] = useState(0);

  useLayoutEffect(() => {
    const box = outer.current;
    const text = inner.current;
    if (!box || !text) return;
    const measure = () => setOverflow(Math.max(0, Math.ceil(text.scrollWidth - box.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [name]);

  return (
    <span ref={outer} className={styles.stripName} title={name} data-overflow={overflow > 0}>
      <span
        ref={inner}
        className={overflow > 0 ? styles.stripNameScrolling : undefined}
        style={overflow > 0 ? ({ '--name-overflow': `-${overflow}px` } as React.CSSProperties) : undefined}
      >
        {name}
      </span>
    </span>
  );
}
