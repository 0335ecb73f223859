import { Link } from 'react-router-dom';
import { PublicPage } from '../../components/ui/public-page';
import { paths } from '../../lib/routes/paths';
import marketing from './marketing.module.css';
import { CardGrid, CtaBand, PageHero, useWebPageHead } from './marketing-blocks';

const description = 'Why Woodshed exists: practising with a whole band makes better musicians. Who it is for, what it does, and how it is run.';

const values = [
  { title: 'Practise with music, not a metronome', text: 'A click keeps time; a band teaches feel. Playing your part inside the song itself is the closest thing to a rehearsal.' },
  { title: 'Honest about what it costs', text: 'The free plan is a real plan. Credits measure only what is streamed, the Usage page shows every one, and Pro is one clear price.' },
  { title: 'Your data stays yours', text: 'No passwords to leak, e-mail preferences you control, and a privacy request form that is answered within 45 days.' },
] as const;

export function AboutScreen() {
  useWebPageHead('About Woodshed', description, paths.about);

  return (
    <PublicPage trialButton>
      <PageHero id="about-title" eyebrow="About" title="About Woodshed" lead="To woodshed is to lock yourself away and practise until the part is yours. We built the room for it." />
      <section className={marketing.section} aria-labelledby="story-title">
        <div className={marketing.prose}>
          <h2 id="story-title">Why we built it</h2>
          <p>
            Most musicians learn songs by playing along with recordings, and the recording always has someone already playing your part. Drummers play over a drummer,
            bassists fight a bass line, singers sing over a singer.
          </p>
          <p>
            Woodshed plays each song as separate stems: drums, bass, guitar, keys, vocals and effects. You decide who is in the band today. Mute your instrument and take
            its place, solo it to learn it, or keep it quietly underneath as a guide. Lyrics and chords follow along on screen.
          </p>
          <p>
            It is for beginners finding their first groove, students practising between lessons, teachers, singers, and working players getting a set ready. It runs in
            the browser, and signing in takes nothing but an e-mail address.
          </p>
          <p>
            Woodshed is operated by a company based in Nevada, USA. The details of how we handle your data are in the <Link to={paths.privacyPolicy}>Privacy Policy</Link>{' '}
            and the rules of the service in the <Link to={paths.termsOfUse}>Terms of Use</Link>.
          </p>
        </div>
      </section>
      <div className={marketing.sectionAlt}>
        <section className={marketing.section} aria-labelledby="values-title">
          <header className={marketing.sectionHeader}>
            <h2 id="values-title">What we believe</h2>
          </header>
          <CardGrid items={values} />
        </section>
      </div>
      <CtaBand id="about-cta-title" title="Come and practise" action="Start Practising Free">
        200 free credits every month, no card needed.
      </CtaBand>
    </PublicPage>
  );
}
