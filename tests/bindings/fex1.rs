// SPDX-License-Identifier: MIT
// Rust through bindgen's output for napfire_ffi.h (doc/bindings.md): the
// worked example F-EX-1 (3 casualties) with the constants passed as they
// come, no casts (they are i32, the type of the int32_t parameters).
// .ci/steps/18-bindings.sh makes napfire.rs beside it and compiles it.
#![allow(non_camel_case_types, non_upper_case_globals, dead_code)]
include!("napfire.rs");
fn main() {
    unsafe {
        let mut firer: napfire_unit = std::mem::zeroed();
        let mut target: napfire_unit = std::mem::zeroed();
        let us = std::mem::size_of::<napfire_unit>() as size_t;
        assert_eq!(napfire_unit_init(&mut firer, us, NAPFIRE_ARM_LINE_INFANTRY), NAPFIRE_OK);
        napfire_unit_set(&mut firer, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_BRITAIN);
        napfire_unit_set(&mut firer, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_ELITE);
        napfire_unit_set(&mut firer, NAPFIRE_UNIT_FIGURES, 30);
        napfire_unit_set(&mut firer, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
        napfire_unit_init(&mut target, us, NAPFIRE_ARM_LINE_INFANTRY);
        napfire_unit_set(&mut target, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
        let mut shot: napfire_shot = std::mem::zeroed();
        napfire_shot_init(&mut shot, std::mem::size_of::<napfire_shot>() as size_t, &firer, &target);
        napfire_shot_set(&mut shot, NAPFIRE_SHOT_DISTANCE, 150);
        let mut res: napfire_result = std::mem::zeroed();
        assert_eq!(napfire_shot_resolve(&shot, std::ptr::null(), 8, 6, &mut res), NAPFIRE_OK);
        println!("F-EX-1: {} casualties", res.casualties);
        assert_eq!(res.casualties, 3);
    }
}
