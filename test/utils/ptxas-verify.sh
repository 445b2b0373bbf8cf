#!/usr/bin/env bash
# Usage: ptxas-verify.sh ARCH FILE.ptx...
# Assembles every PTX file for ARCH with $PTXAS. When $PTXAS is empty (no
# ptxas on this machine) it only reports that the assembly step was skipped.
set -u
arch=$1; shift
if [ -z "${PTXAS:-}" ]; then
  echo "ptxas-verify: ptxas not found; assembly of $* for $arch skipped"
  exit 0
fi
status=0
for f in "$@"; do
  if ! "$PTXAS" -arch="$arch" "$f" -o /dev/null; then
    echo "ptxas-verify: ptxas rejected $f for $arch" >&2
    status=1
  fi
done
exit $status
