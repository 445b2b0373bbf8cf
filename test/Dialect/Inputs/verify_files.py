"""Runs `tool file` on every *.mlir file of a folder and prints one line per
file with its exit status; exits 1 if any run failed."""
import glob
import os
import subprocess
import sys

tool, folder = sys.argv[1], sys.argv[2]
failed = False
for path in sorted(glob.glob(os.path.join(folder, "*.mlir"))):
    proc = subprocess.run([tool, path, "-o", os.devnull],
                          stderr=subprocess.PIPE, text=True)
    print("%s: %s" % (os.path.basename(path),
                      "ok" if proc.returncode == 0 else "FAILED"))
    if proc.returncode != 0:
        sys.stdout.write(proc.stderr)
        failed = True
sys.exit(1 if failed else 0)
