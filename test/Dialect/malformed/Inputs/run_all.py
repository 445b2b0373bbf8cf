"""Runs a tool on every file of a folder and checks how each run ended.

Usage: run_all.py [--reject-code N] [--must-accept NAME]... FOLDER TOOL [ARG...]

Each input must end in one of two ways:
  * accepted: exit code 0 and no `error:` diagnostic;
  * rejected: at least one `error:` diagnostic on stderr and exactly the
    tool's documented exit code for invalid input (--reject-code; 1 for
    tileiras-opt, as for mlir-opt; 3 for tileiras, see docs/cli.md).
Anything else is wrong: a crash (a signal, LLVM's crash handler's "Stack
dump" or bug-report banner), any other exit code, a rejection without a
diagnostic, an error diagnostic from a run that exited 0, or a timeout. The
inputs named with --must-accept must be accepted.

Prints one summary line, then one line per wrong input; exits 1 if any input
was wrong."""
import argparse
import os
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--reject-code", type=int, default=1)
parser.add_argument("--must-accept", action="append", default=[])
parser.add_argument("folder")
parser.add_argument("tool", nargs=argparse.REMAINDER)
args = parser.parse_args()

CRASH_MARKERS = (b"Stack dump", b"PLEASE submit a bug report")

accepted, rejected, wrong = 0, 0, []
for name in sorted(os.listdir(args.folder)):
    try:
        proc = subprocess.run(args.tool + [os.path.join(args.folder, name)],
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=120)
    except subprocess.TimeoutExpired:
        wrong.append((name, "timed out"))
        continue
    code, err = proc.returncode, proc.stderr
    has_error = b"error:" in err
    if code < 0 or any(marker in err for marker in CRASH_MARKERS):
        wrong.append((name, "crashed (exit code %d)" % code))
    elif code == 0 and not has_error:
        accepted += 1
    elif code == 0:
        wrong.append((name, "printed an error but exited 0"))
    elif name in args.must_accept:
        wrong.append((name, "rejected, but must be accepted"))
    elif code != args.reject_code:
        wrong.append((name, "exited %d instead of %d" % (code,
                                                          args.reject_code)))
    elif not has_error:
        wrong.append((name, "rejected without an error diagnostic"))
    else:
        rejected += 1

print("inputs: %d accepted: %d rejected: %d wrong: %d" %
      (accepted + rejected + len(wrong), accepted, rejected, len(wrong)))
for name, why in wrong:
    print("wrong: %s: %s" % (name, why))
sys.exit(1 if wrong else 0)
