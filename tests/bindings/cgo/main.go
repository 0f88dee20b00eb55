// SPDX-License-Identifier: MIT

// Go through cgo and the installed napfire.h (doc/bindings.md): the storage
// types keep alignment 8, F-EX-1 gives 3 casualties, and storage placed
// off its alignment by hand is refused with NAPFIRE_EALIGN.
package main

// #cgo LDFLAGS: -lnapfire
// #include <stdlib.h>
// #include <napfire.h>
import "C"

import (
	"fmt"
	"os"
	"unsafe"
)

func fail(what string) {
	fmt.Println("FAIL", what)
	os.Exit(1)
}

func main() {
	var firer, target C.napfire_unit
	var shot C.napfire_shot
	var res C.napfire_result
	if unsafe.Alignof(firer) != 8 || unsafe.Alignof(shot) != 8 {
		fail("alignment")
	}
	C.napfire_unit_init(&firer, C.size_t(unsafe.Sizeof(firer)), C.NAPFIRE_ARM_LINE_INFANTRY)
	C.napfire_unit_set(&firer, C.NAPFIRE_UNIT_NATION, C.NAPFIRE_NATION_BRITAIN)
	C.napfire_unit_set(&firer, C.NAPFIRE_UNIT_CLASS, C.NAPFIRE_CLASS_ELITE)
	C.napfire_unit_set(&firer, C.NAPFIRE_UNIT_FIGURES, 30)
	C.napfire_unit_set(&firer, C.NAPFIRE_UNIT_MOVED, C.NAPFIRE_MOVED_HALF)
	C.napfire_unit_init(&target, C.size_t(unsafe.Sizeof(target)), C.NAPFIRE_ARM_LINE_INFANTRY)
	C.napfire_unit_set(&target, C.NAPFIRE_UNIT_FORMATION, C.NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS)
	C.napfire_shot_init(&shot, C.size_t(unsafe.Sizeof(shot)), &firer, &target)
	C.napfire_shot_set(&shot, C.NAPFIRE_SHOT_DISTANCE, 150)
	if st := C.napfire_shot_resolve(&shot, nil, 8, 6, &res); st != C.NAPFIRE_OK || res.casualties != 3 {
		fail("F-EX-1")
	}
	// Storage 4 bytes past an 8-byte boundary, in C memory (Go's would move).
	block := C.malloc(C.size_t(unsafe.Sizeof(firer)) + 8)
	defer C.free(block)
	odd := (*C.napfire_unit)(unsafe.Add(block, 4))
	if C.napfire_unit_init(odd, C.size_t(unsafe.Sizeof(firer)), 0) != C.NAPFIRE_EALIGN {
		fail("EALIGN")
	}
	fmt.Println("ok: cgo alignment 8, F-EX-1", res.casualties, "casualties, misaligned storage refused")
}
