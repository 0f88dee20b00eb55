# SPDX-License-Identifier: MIT
# 11. Consumers: meson subproject, vendored sources, pkg-config, CMake
#
# Each way a campaign manager or an engine pulls the library in, built and
# run from a pristine copy of this tree (the script's header says what each
# part checks: a subproject that builds and installs nothing but the
# library, namespaced strict objects under gcc and clang, static and shared
# pkg-config and CMake consumers, incompatible versions refused).
bash examples/vendoring/check.sh "$top"
