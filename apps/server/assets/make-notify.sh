#!/usr/bin/env bash
# Regenerates notify.mp3, the message alert: two short rising chimes (needs sox with MP3 support:
# apt-get install -y sox libsox-fmt-mp3). The result is committed; this is only for changing it.
set -euo pipefail
cd "$(dirname "$0")"
sox -n -r 44100 -c 1 a.wav synth 0.12 sine 987.77 fade q 0.005 0.12 0.08 vol 0.6
sox -n -r 44100 -c 1 b.wav synth 0.22 sine 1318.51 fade q 0.005 0.22 0.18 vol 0.6
sox a.wav b.wav -C 96 notify.mp3
rm -f a.wav b.wav
