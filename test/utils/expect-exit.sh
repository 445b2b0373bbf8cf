#!/usr/bin/env bash
# Usage: expect-exit.sh CODE command [args...]
# Runs the command (stdout/stderr pass through) and succeeds only when it
# exits with exactly CODE; a crash (signal) never matches.
want=$1; shift
"$@"
got=$?
if [ "$got" != "$want" ]; then
  echo "expect-exit: '$*' exited with $got, expected $want" >&2
  exit 1
fi
exit 0
