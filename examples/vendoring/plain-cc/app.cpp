// SPDX-License-Identifier: MIT
//
// The campaign manager of app.c as a C++ engine would write it, on
// napfire.hpp, which installs beside the C headers: the same pkg-config
// flags and the same CMake target find it (check.sh builds both ways):
//
//   c++ -std=c++17 -fno-exceptions app.cpp $(pkg-config --cflags --libs napfire) -o app
//
// It resolves the worked example F-EX-1 (doc/rules-figure.md) and checks
// the answer: 3 figures lost.
#include <napfire.hpp>

#include <cstdio>

namespace nf = napfire;

int main() {
    nf::Expected<nf::Unit> british = nf::Unit::make(nf::Arm::LINE_INFANTRY);
    nf::Expected<nf::Unit> french = nf::Unit::make(nf::Arm::LINE_INFANTRY);
    if (!british || !french)
        return 1;
    nf::Expected<void> set =
        nf::all({british->set_nation(nf::Nation::BRITAIN), british->set_troop_class(nf::TroopClass::ELITE),
                 british->set_figures(30), british->set_moved(nf::Moved::HALF),
                 french->set_formation(nf::Formation::COLUMN_OF_DIVISIONS), french->set_figures(24)});
    nf::Expected<nf::Shot> shot = set ? nf::Shot::make(*british, *french, 150) : set.error();
    nf::Expected<nf::Result> res = shot ? shot->resolve(8, 6) : shot.error();
    if (!res) {
        std::fprintf(stderr, "%s\n", res.error().to_string().c_str());
        return 1;
    }
    std::printf("libnapfire %s (C++): F-EX-1 roll 8, half die 6 -> %d figures lost\n", nf::version(),
                res->casualties());
    return res->casualties() == 3 ? 0 : 1;
}
