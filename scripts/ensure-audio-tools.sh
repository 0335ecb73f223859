#!/usr/bin/env bash
# The real corpus (npm run real-corpus) and its integration test use Debian's FluidSynth, a small
# General MIDI sound font, ffmpeg, MMA and the two packages of MIDI music; the analysis bench's
# tempo baseline (npm run bench:analysis -- --real) uses aubio's beat tracker. Installs what is
# missing when we may (root with apt), otherwise says exactly what to do. No network when all are there.
set -euo pipefail
packages=(fluidsynth timgm6mb-soundfont ffmpeg mma openttd-openmsx planetblupi-music-midi aubio-tools)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f '${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ "${#missing[@]}" = 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the real corpus and its bench..." >&2
  apt-get update -qq
  # No recommends: ffmpeg and mma would pull in a desktop's worth of them.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "The real corpus needs ${missing[*]}: run 'sudo apt-get install -y --no-install-recommends ${missing[*]}'." >&2
exit 1
