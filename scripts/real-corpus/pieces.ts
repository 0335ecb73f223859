/**
 * The corpus's pieces: where each comes from, who wrote it, and a genre of the spec's list. Genres are
 * the builder's reading of each piece's instruments, tempo and title (the sources state none), except
 * for charts, whose MMA groove names the style.
 */
import { mmaExamples, openMsx, type PieceSource, planetBlupi, woodshedCharts } from './piece-sources';

export interface Piece {
  /** File-system-safe id: the truth file's name and the order pieces are built in. */
  slug: string;
  /** The song folder's name: the title, spaces, punctuation and unicode as they come. */
  title: string;
  source: PieceSource;
  /** Path inside the source's directory. */
  file: string;
  /** `midi`: the MIDI file as shipped; `mma`: a chart MMA compiles, whose chords are exact. */
  kind: 'midi' | 'mma';
  composer: string;
  genre: string;
  style: string;
  /** Only the first seconds (cut at a bar line): the long game loops of one source. */
  excerptSeconds?: number;
  /** The file states a key signature that is a sequencer's default rather than the music's key. */
  keySignatureDoubtful?: boolean;
}

const redfarn = 'Jim Redfarn';
const tistou = 'Tistou Blomberg';
const imuh3 = 'imuh3';
const mimm = 'mimm';
const blupi = 'Daniel Roux, EPSITEC SA & Denis Dumoulin';
const mmaAuthor = 'Bob van der Poel (MMA example)';
const traditional = 'traditional (chart: Woodshed)';

function msx(slug: string, title: string, file: string, composer: string, genre: string, style: string): Piece {
  return { slug, title, source: openMsx, file, kind: 'midi', composer, genre, style };
}

function blupiPiece(number: number, genre: string, style: string, excerptSeconds?: number): Piece {
  return {
    slug: `blupi-${number}`,
    title: `Planet Blupi – Musique ${number}`,
    source: planetBlupi,
    file: `music00${number}.mid`,
    kind: 'midi',
    composer: blupi,
    genre,
    style,
    keySignatureDoubtful: true,
    ...(excerptSeconds !== undefined && { excerptSeconds }),
  };
}

function chart(slug: string, title: string, genre: string, style: string): Piece {
  return { slug, title, source: woodshedCharts, file: `${slug}.mma`, kind: 'mma', composer: traditional, genre, style };
}

function mmaExample(slug: string, title: string, file: string, genre: string, style: string, composer = `traditional (chart: ${mmaAuthor})`): Piece {
  return { slug, title, source: mmaExamples, file, kind: 'mma', composer, genre, style };
}

export const pieces: readonly Piece[] = [
  // A small, quick pair first: `--pieces 2` (the integration test) builds a MIDI piece and a chart.
  msx('5432-gone', '5 4 3 2 .. Gone', '5432gone_redfarn.mid', redfarn, 'Jazz', 'piano jazz in 5/4'),
  chart('greensleeves', 'Greensleeves', 'Folk', 'waltz'),
  msx('be-sharp-boogie', 'Be Sharp Boogie', 'be_sharp_bw_redfarn.mid', redfarn, 'Blues', 'boogie-woogie, tempo drifting'),
  msx('boogie-marabi', 'Boogie Marabi', 'boogi_marabi_redfarn.mid', redfarn, 'Jazz', 'marabi in 3/4'),
  msx('busy-schedule', 'Busy Schedule', 'busy_schedule.mid', mimm, 'Pop', 'brass pop'),
  msx('careless-love', 'Careless Love', 'careless_perc_redfarn.mid', `${redfarn} (traditional song)`, 'Blues', 'slow blues'),
  msx('chemistry-lab', 'Deep down chemistry lab', 'chemistry_lab.mid', tistou, 'Electronic', 'synth, no drums'),
  msx('chugga-chugga', 'Chugga Chugga Cha-ching', 'chuggachugga.mid', imuh3, 'Rock', 'fast rock, tempo changes'),
  msx('city-blues', 'City Blues', 'city_blues_redfarn.mid', redfarn, 'Blues', 'piano and guitar blues'),
  msx('coconut-run-2', 'Coconut run 2', 'coconut_run2.mid', tistou, 'Pop', 'fast marimba pop'),
  msx('flying-scotsman', 'Unidentified Flying Scotsman', 'flying_scotsman.mid', imuh3, 'Rock', 'fast rock'),
  msx('harp-harmony', "Harp harmony 'n humor", 'harp_harmony.mid', tistou, 'Classical', 'organ and strings'),
  msx('keep-on-rolling', 'Keep on Rolling', 'keep_on_rolling.mid', 'Trolley Trev', 'Pop', 'big band pop'),
  msx('linns-basket', 'Linn’s basket of treats', 'linns_basket.mid', tistou, 'Classical', 'strings and flute'),
  msx('midnight-snow-run', 'Midnight snow run', 'midnight_snow_run.mid', tistou, 'Electronic', 'many tempo changes'),
  msx('mighty-giant-run', 'Mighty giant run', 'mighty_giant_run.mid', tistou, 'Rock', 'synth rock'),
  msx('modern-motion', 'Modern Motion', 'modern_motion.mid', 'Kyle Timmerman (Mr.Ksoft)', 'Electronic', 'synth pop'),
  msx('moo-moo-boogie', 'Moo Moo Boogie', 'moo_redfarn.mid', redfarn, 'Blues', 'boogie-woogie piano'),
  msx('mosey-along', 'Mosey Along', 'mosey_along_redfarn.mid', redfarn, 'Jazz', 'swing'),
  msx('no-work-song', 'No Work Song', 'no_work_song_redfarn.mid', redfarn, 'Blues', 'minor blues'),
  msx('relax-song', 'Plain simple relax song', 'relax_song.mid', tistou, 'Ambient', 'guitar and pads'),
  msx('run-for-your-life', 'Excitement! Run for your life', 'run_for_your_life.mid', tistou, 'Rock', 'fast rock'),
  msx('say-what', 'Say What', 'say_what_redfarn.mid', redfarn, 'Funk', 'key change F to G'),
  msx('slow-and-easy', "Slow 'n' Easy", 'slow_neasy_redfarn.mid', redfarn, 'Blues', 'shuffle'),
  msx('the-fast-route', 'The Fast Route', 'the_fast_route.mid', mimm, 'Funk', 'brass funk'),
  msx('the-hobo', 'The Hobo', 'the_hobo_redfarn.mid', redfarn, 'Folk', 'folk in 6/4'),
  msx('train-filled-with-cash', 'Train filled with cash', 'train_filled_with_cash.mid', imuh3, 'Funk', 'slow brass funk'),
  msx('skydive', 'Skydive', 'ttsong_iii_imuh3.mid', imuh3, 'Electronic', 'metre changes 4/4, 2/4'),
  msx('downtown-cab-ride', 'Downtown cab ride', 'ttsong_iv_imuh3.mid', imuh3, 'Hip-Hop', 'slow groove'),
  msx('openttd-journey', 'OpenTTD journey', 'tttheme2.mid', '-lucas-', 'Pop', 'full band theme'),
  msx('ultimate-run', 'Ultimate run', 'ultimate_run.mid', tistou, 'Rock', 'fast rock'),
  msx('wood-whistles', 'Wood whistles', 'wood_whistles.mid', tistou, 'Folk', 'whistles and strings'),
  blupiPiece(4, 'Electronic', 'game music, the ten-minute piece'),
  blupiPiece(5, 'Electronic', 'game music', 180),
  blupiPiece(6, 'Electronic', 'game music', 180),
  blupiPiece(7, 'Pop', 'game music', 180),
  blupiPiece(8, 'Ambient', 'game music', 180),
  blupiPiece(9, 'Ambient', 'game music', 180),
  chart('house-of-the-rising-sun', 'The House of the Rising Sun', 'Rock', 'rock waltz in A minor'),
  chart('frankie-and-johnny', 'Frankie and Johnny', 'Blues', 'twelve-bar blues'),
  chart('canon-in-d', 'Canon in D (trance)', 'House', 'trance'),
  chart('amazing-grace', 'Amazing Grace', 'Country', 'country waltz'),
  chart('when-the-saints', 'When the Saints Go Marching In', 'Bluegrass', 'bluegrass'),
  chart('drunken-sailor', 'Drunken Sailor', 'Rock', 'folk rock in D Dorian'),
  chart('swing-low', 'Swing Low, Sweet Chariot', 'Jazz', 'swing with sevenths'),
  mmaExample('marines-hymn', 'Marines’ Hymn', 'simple/marine-hymn.mma', 'Folk', 'march'),
  mmaExample('bill-bailey', 'Won’t You Come Home Bill Bailey', 'simple/bill-bailey.mma', 'Jazz', 'dixieland', 'Hughie Cannon, 1902 (chart: Bob van der Poel, MMA example)'),
  mmaExample('aria-bossa', 'Bossa für Aria', 'aria/bossa.mma', 'Jazz', 'bossa nova with a generated melody', mmaAuthor),
  mmaExample('random-tempo', 'Tempo à la carte', 'rndset/tempo.mma', 'Jazz', 'random tempo changes', mmaAuthor),
];
