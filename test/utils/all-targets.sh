#!/usr/bin/env bash
# Usage: all-targets.sh KERNEL OUTDIR [tileiras options...]
# Compiles KERNEL for every target `tileiras --list-gpus --json` lists, in
# one concurrent multi-target compile, then assembles every PTX with $PTXAS
# when it is set. Prints one "<chip>: ok" line per target.
set -u
kernel=$1; out=$2; shift 2
targets=$(tileiras --list-gpus --json | python3 -c 'import json,sys; print(" ".join(t["name"] for t in json.load(sys.stdin)))')
args=()
for t in $targets; do args+=("-arch=$t"); done
rm -rf "$out" && mkdir -p "$out"
tileiras "${args[@]}" "$kernel" --output-dir="$out" "$@" || exit 1
stem=$(basename "$kernel" .mlir)
status=0
for t in $targets; do
  ptx="$out/$stem.$t.ptx"
  if [ ! -s "$ptx" ]; then echo "$t: missing $ptx"; status=1; continue; fi
  if [ -n "${PTXAS:-}" ]; then
    if ! "$PTXAS" -arch="$t" "$ptx" -o /dev/null; then
      echo "$t: ptxas rejected $ptx"; status=1; continue
    fi
  fi
  echo "$t: ok"
done
exit $status
