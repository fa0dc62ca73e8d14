#!/bin/sh
# Makes apps/web/app/fonts/cairo-latin-basic-wght-normal.woff2: the Latin characters Arabic
# pages write (ASCII; the Latin-1 signs such as no-break space, © « » ° ² ³ ½ ·; × ÷ − – —,
# quotes, • … € ™; no accented letters) cut from Cairo's variable Latin file in
# @fontsource-variable/cairo, with kerning only: 24 KB instead of 34 KB.
# Cairo is under the SIL Open Font License 1.1, which allows subsetting.
# Needs fontTools with Brotli: `apt-get install python3-fonttools python3-brotli` (Debian).
set -eu
cd "$(dirname "$0")/.."
/usr/bin/python3 -m fontTools.subset \
  node_modules/@fontsource-variable/cairo/files/cairo-latin-wght-normal.woff2 \
  --unicodes="U+0020-007E,U+00A0-00BF,U+00D7,U+00F7,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2122,U+2212" \
  --layout-features="kern,rvrn" \
  --flavor=woff2 \
  --output-file=apps/web/app/fonts/cairo-latin-basic-wght-normal.woff2
