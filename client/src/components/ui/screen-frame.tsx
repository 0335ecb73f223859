import type { ReactNode } from 'react';
import frame from './screen-frame.module.css';

interface ScreenFrameProps {
  className: string;
  title: ReactNode;
  subtitle: string;
  back: ReactNode;
  children: ReactNode;
}

export function ScreenFrame({ className, title, subtitle, back, children }: ScreenFrameProps) {
  return (
    <section className={`${frame.screen} ${className}`}>
      <header className={frame.header}>
        <div>
          <h1 className={frame.title}>{title}</h1>
          <p className={frame.subtitle}>{subtitle}</p>
        </div>
        {back}
      </header>
      {children}
    </section>
  );
}
