/** The Debian packages the corpus takes its pieces from, and the licence each states in its copyright file. */

export interface PieceSource {
  /** The Debian package shipping the file, or `woodshed` for charts kept in this repository. */
  package: string;
  directory: string;
  /** From the package's /usr/share/doc/<package>/copyright (SPDX spelling). */
  licence: string;
  copyrightFile: string;
}

/** A Debian package's source: its copyright file is where Debian keeps every package's. */
function debianSource(packageName: string, directory: string, licence: string): PieceSource {
  return { package: packageName, directory, licence, copyrightFile: `/usr/share/doc/${packageName}/copyright` };
}

export const openMsx = debianSource('openttd-openmsx', '/usr/share/games/openttd/baseset/openmsx', 'GPL-2.0-only');
export const planetBlupi = debianSource('planetblupi-music-midi', '/usr/share/planetblupi/music', 'GPL-3.0-or-later');
export const mmaExamples = debianSource('mma', '/usr/share/doc/mma/examples', 'GPL-2.0-or-later');

/** Charts of traditional tunes written for the corpus; MMA's groove library (GPL-2.0-or-later) plays them. */
export const woodshedCharts: PieceSource = {
  package: 'woodshed',
  directory: new URL('./charts', import.meta.url).pathname,
  licence: 'AGPL-3.0-or-later',
  copyrightFile: 'LICENSE',
};

/** The renderer and its sound font: every stem and the full arrangement go through the same two. */
export const renderer = { synthesizer: 'fluidsynth', soundFontPackage: 'timgm6mb-soundfont', soundFont: '/usr/share/sounds/sf2/TimGM6mb.sf2', soundFontLicence: 'GPL-2.0-only' } as const;

/** Debian packages the builder needs: the three sources, the synthesizer, the sound font, the encoder. */
export const requiredPackages = ['openttd-openmsx', 'planetblupi-music-midi', 'mma', 'fluidsynth', 'timgm6mb-soundfont', 'ffmpeg'] as const;
