"""Usage: ptx_headers.py DIR STEM
Prints the header of DIR/STEM.<chip>.ptx for every target of
`tileiras --list-gpus --json`, in that order, one line each:
"<chip>: .version X.Y | .target ... | .address_size 64"."""
import json
import os
import subprocess
import sys

directory, stem = sys.argv[1], sys.argv[2]
targets = json.loads(subprocess.run(["tileiras", "--list-gpus", "--json"],
                                    capture_output=True, text=True,
                                    check=True).stdout)
for target in targets:
    name = target["name"]
    path = os.path.join(directory, "%s.%s.ptx" % (stem, name))
    if not os.path.exists(path):
        print("%s: missing %s" % (name, path))
        continue
    header = [line.strip() for line in open(path)
              if line.startswith((".version", ".target", ".address_size"))]
    print("%s: %s" % (name, " | ".join(header)))
