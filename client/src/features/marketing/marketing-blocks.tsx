import type { ReactNode } from 'react';
import { LinkButton } from '../../components/ui/link-button';
import { usePageHead } from '../../lib/page-head/use-page-head';
import { paths } from '../../lib/routes/paths';
import marketing from './marketing.module.css';
import { webPage } from './structured-data';

/** The head of a plain marketing page: its title is also its name in the structured data. */
export function useWebPageHead(title: string, description: string, path: string): void {
  usePageHead({ title, description, path, structuredData: (origin) => webPage(origin, { name: title, description, path }) });
}

interface PageHeroProps {
  id: string;
  eyebrow: string;
  title: ReactNode;
  lead: string;
  children?: ReactNode;
}

export function PageHero({ id, eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section className={`${marketing.hero} ${marketing.heroSingle}`} aria-labelledby={id}>
      <div>
        <p className={marketing.eyebrow}>{eyebrow}</p>
        <h1 id={id} className={marketing.title}>
          {title}
        </h1>
        <p className={marketing.lead}>{lead}</p>
        {children}
      </div>
    </section>
  );
}

export function SignUpButton({ children }: { children: string }) {
  return (
    <div className={marketing.ctaRow}>
      <LinkButton to={paths.login} variant="primary">
        {children}
      </LinkButton>
    </div>
  );
}

export function CtaBand({ id, title, action, children }: { id: string; title: string; action: string; children: ReactNode }) {
  return (
    <section className={marketing.ctaBand} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{children}</p>
      <SignUpButton>{action}</SignUpButton>
    </section>
  );
}

type TitledItem = { title: string; text: string };

export function CardGrid({ items, ofFour = false }: { items: readonly TitledItem[]; ofFour?: boolean }) {
  return <TitledItems items={items} className={ofFour ? `${marketing.grid} ${marketing.gridOfFour}` : marketing.grid} itemClassName={marketing.card} />;
}

/** Numbered steps, each a title and a text. */
export function StepList({ steps }: { steps: readonly TitledItem[] }) {
  return <TitledItems items={steps} numbered className={marketing.steps} itemClassName={marketing.step} />;
}

function TitledItems({ items, numbered = false, className, itemClassName }: { items: readonly TitledItem[]; numbered?: boolean; className: string | undefined; itemClassName: string | undefined }) {
  const listed = items.map((item) => (
    <li key={item.title} className={itemClassName}>
      <h3>{item.title}</h3>
      <p>{item.text}</p>
    </li>
  ));
  return numbered ? <ol className={className}>{listed}</ol> : <ul className={className}>{listed}</ul>;
}
