"""Runs a tool on every file of a folder; counts crashes (killed by a signal
or LLVM's crash exit), prints a one-line summary and the crashing inputs."""
import os
import subprocess
import sys

tool, folder = sys.argv[1], sys.argv[2]
files = sorted(os.listdir(folder))
crashed = []
for name in files:
    proc = subprocess.run([tool, os.path.join(folder, name)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if proc.returncode < 0 or proc.returncode > 1 or b"Stack dump" in proc.stderr:
        crashed.append(name)
print("prefixes: %d crashed: %d" % (len(files), len(crashed)))
for name in crashed:
    print("crash:", name)
