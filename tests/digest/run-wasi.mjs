// SPDX-License-Identifier: MIT
// Runs a WebAssembly (wasm32-wasi) command under Node.js's WASI, with its
// arguments; exits with the program's status. For the digest program:
//
//   node tests/digest/run-wasi.mjs digest.wasm [EXPECTED-DIGEST]
//
// Node.js 18 needs --experimental-wasi-unstable-preview1 before the script.
import { readFile } from 'node:fs/promises';
import { argv, exit } from 'node:process';
import { WASI } from 'node:wasi';

if (argv.length < 3) {
  console.error('usage: node run-wasi.mjs PROGRAM.wasm [ARG...]');
  exit(2);
}
const wasi = new WASI({ version: 'preview1', args: argv.slice(2), env: {}, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(argv[2]));
// wasiImport rather than getImportObject(): Debian 12's Node.js 18 has only
// the former.
const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport });
exit(wasi.start(instance));
