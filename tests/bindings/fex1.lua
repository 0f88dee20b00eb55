-- SPDX-License-Identifier: MIT
-- LuaJIT (LÖVE, Defold) through napfire_ffi.h, loaded unchanged:
--   luajit fex1.lua PATH/napfire_ffi.h PATH/libnapfire.so.1
-- F-EX-1 (3 casualties), a line of sight through the by-pointer callback
-- (LuaJIT cannot make a callback taking a struct by value; H-LOS-5), a
-- field of view held to the line of sight hex by hex (H-LOS, H-ELV), and
-- misaligned storage refused (NAPFIRE_EALIGN). Prints "ok" and exits 0.
local ffi = require("ffi")
local header, libpath = arg[1], arg[2]
assert(header and libpath, "usage: luajit fex1.lua napfire_ffi.h libnapfire.so")

local f = assert(io.open(header, "rb"))
ffi.cdef(f:read("*a"))
f:close()
local nf = ffi.load(libpath)

local function check(st, what)
  if st ~= nf.NAPFIRE_OK then
    error(what .. ": " .. ffi.string(nf.napfire_status_name(st)) .. ", " .. ffi.string(nf.napfire_strerror(st)))
  end
end

-- F-EX-1: British elite line, 30 figures, moved half; target a column of
-- divisions 150 mm away; roll 8, half die 6: 3 casualties.
local firer, target = ffi.new("napfire_unit"), ffi.new("napfire_unit")
check(nf.napfire_unit_init(firer, ffi.sizeof(firer), nf.NAPFIRE_ARM_LINE_INFANTRY), "unit_init")
check(nf.napfire_unit_set(firer, nf.NAPFIRE_UNIT_NATION, nf.NAPFIRE_NATION_BRITAIN), "nation")
check(nf.napfire_unit_set(firer, nf.NAPFIRE_UNIT_CLASS, nf.NAPFIRE_CLASS_ELITE), "class")
check(nf.napfire_unit_set(firer, nf.NAPFIRE_UNIT_FIGURES, 30), "figures")
check(nf.napfire_unit_set(firer, nf.NAPFIRE_UNIT_MOVED, nf.NAPFIRE_MOVED_HALF), "moved")
check(nf.napfire_unit_init(target, ffi.sizeof(target), nf.NAPFIRE_ARM_LINE_INFANTRY), "unit_init")
check(nf.napfire_unit_set(target, nf.NAPFIRE_UNIT_FORMATION, nf.NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS), "formation")
local shot = ffi.new("napfire_shot")
check(nf.napfire_shot_init(shot, ffi.sizeof(shot), firer, target), "shot_init")
check(nf.napfire_shot_set(shot, nf.NAPFIRE_SHOT_DISTANCE, 150), "distance")
local res = ffi.new("napfire_result")
check(nf.napfire_shot_resolve(shot, nil, 8, 6, res), "resolve")
assert(res.casualties == 3, "F-EX-1: " .. res.casualties .. " casualties, not 3")
assert(res.band == nf.NAPFIRE_BAND_LONG)

-- Storage 1 and 4 bytes off its 8-byte boundary in a byte buffer: every
-- call refuses it (NAPFIRE_EALIGN, -8), not one byte written.
local room = math.max(ffi.sizeof("napfire_unit"), ffi.sizeof("napfire_shot")) + 8
local bytes = ffi.new("uint8_t[?]", room + 8)
local base = ffi.cast("char *", bytes) + (8 - tonumber(ffi.cast("uintptr_t", bytes)) % 8) % 8
ffi.fill(bytes, room + 8, 0x5a)
local before = ffi.string(bytes, room + 8)
assert(nf.NAPFIRE_EALIGN == -8)
for _, offset in ipairs({1, 4}) do
  local odd = ffi.cast("napfire_unit *", base + offset)
  assert(nf.napfire_unit_init(odd, ffi.sizeof("napfire_unit"), nf.NAPFIRE_ARM_LINE_INFANTRY) == nf.NAPFIRE_EALIGN)
  assert(nf.napfire_unit_set(odd, nf.NAPFIRE_UNIT_FIGURES, 30) == nf.NAPFIRE_EALIGN)
  local odd_shot = ffi.cast("napfire_shot *", base + offset)
  assert(nf.napfire_shot_resolve(odd_shot, nil, 8, 6, res) == nf.NAPFIRE_EALIGN)
  assert(ffi.string(bytes, room + 8) == before, "misaligned storage written at +" .. offset)
end
assert(ffi.string(nf.napfire_status_name(nf.NAPFIRE_EALIGN)) == "EALIGN")

-- H-LOS-5: woods at (2,0) block the line (0,0) -> (4,0).
local asked = 0
local map = ffi.cast("napfire_hex_info_ref_fn", function(_ctx, h, out)
  asked = asked + 1
  if h.q == 2 and h.r == 0 then out.terrain = nf.NAPFIRE_TERRAIN_BLOCKING end
  return 0
end)
local q = ffi.new("napfire_los_query")
q.target.q, q.front_mask, q.target_side = 4, 0x3F, 1
local los = ffi.new("napfire_los_result")
check(nf.napfire_los_callback_ref(q, map, nil, los), "los_callback_ref")
map:free()
assert(los.clear == 0 and los.rule == nf.NAPFIRE_LOS_RULE_TERRAIN and los.blocker.q == 2, "line of sight")
assert(asked >= 3)

-- H-LOS, H-ELV: a field of view of radius 3 on a 9 x 9 grid with a wood
-- and a town, each hex as napfire_los_grid() says.
local cols, rows, radius = 9, 9, 3
local cells = ffi.new("napfire_hex_info[?]", cols * rows)
cells[3 * cols + 5].terrain = nf.NAPFIRE_TERRAIN_BLOCKING
cells[5 * cols + 3].terrain = nf.NAPFIRE_TERRAIN_TOWN
check(nf.napfire_hex_from_offset(nf.NAPFIRE_HEX_ODD_Q, 4, 4, q.firer), "from_offset")
local psize = nf.napfire_fov_plan_size(radius)
local pbuf = ffi.new("uint64_t[?]", (tonumber(psize) + 7) / 8)
local plan = ffi.new("const napfire_fov_plan *[1]")
check(nf.napfire_fov_plan_init(pbuf, psize, radius, plan), "fov_plan_init")
local wsize = nf.napfire_fov_work_size(plan[0])
local work = ffi.new("uint64_t[?]", (tonumber(wsize) + 7) / 8)
local rule = ffi.new("uint8_t[?]", cols * rows)
check(nf.napfire_fov_grid(plan[0], work, wsize, q, nf.NAPFIRE_HEX_ODD_Q, cols, rows, cells, rule), "fov_grid")
local blocked, seen = 0, 0
for row = 0, rows - 1 do
  for col = 0, cols - 1 do
    local r = rule[row * cols + col]
    if r ~= nf.NAPFIRE_FOV_NOT_ASKED then
      local t = ffi.new("napfire_los_query", q)
      check(nf.napfire_hex_from_offset(nf.NAPFIRE_HEX_ODD_Q, col, row, t.target), "from_offset")
      check(nf.napfire_los_grid(t, nf.NAPFIRE_HEX_ODD_Q, cols, rows, cells, los), "los_grid")
      assert(los.rule == r, "fov and los disagree at " .. col .. "," .. row)
      if r == nf.NAPFIRE_LOS_RULE_NONE then seen = seen + 1 else blocked = blocked + 1 end
    end
  end
end
assert(seen + blocked == 36 and blocked > 0 and seen > 0, "field of view " .. seen .. "/" .. blocked)
print("ok: F-EX-1 3 casualties, line of sight blocked at (2,0), field of view " .. seen .. " seen " .. blocked ..
  " blocked")
