/** The Debian packages the corpus takes its pieces from, and the licence each states in its copyright file. */

export interface PieceSource {
  /** The Debian package shipping the file, or `woodshed` for charts kept in this repository. */
  package: string;
  directory: string;
  /** From the package's /usr/share/doc/<package>/copyright (SPDX spelling). */
  licence: string;
  copyrightFile: string;
}

export const openMsx: PieceSource = {
  package: 'openttd-openmsx',
  directory: '/usr/share/games/openttd/baseset/openmsx',
  licence: 'GPL-2.0-only',
  copyrightFile: '/usr/share/doc/openttd-openmsx/copyright',
};

export const planetBlupi: PieceSource = {
  package: 'planetblupi-music-midi',
  directory: '/usr/share/planetblupi/music',
  licence: 'GPL-3.0-or-later',
  copyrightFile: '/usr/share/doc/planetblupi-music-midi/copyright',
};

export const mmaExamples: PieceSource = {
  package: 'mma',
  directory: '/usr/share/doc/mma/examples',
  licence: 'GPL-2.0-or-later',
  copyrightFile: '/usr/share/doc/mma/copyright',
};

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
