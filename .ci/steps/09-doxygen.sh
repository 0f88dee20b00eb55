# SPDX-License-Identifier: MIT
# 09. Doxygen, warnings as errors
build_gcc
meson compile -C build docs
html_pages=$(find build/doc/html -name '*.html' | wc -l)
echo "docs: build/doc/html, $html_pages HTML pages, no warnings"
