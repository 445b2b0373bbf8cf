"""Checks ptxasValidates() against what ptxas actually accepts in .target.

For a range of SM numbers with and without the 'a'/'f' suffix, a PTX file
with that `.target` is given to ptxas; ptxas either rejects the directive
("Unsupported .target") or accepts it (possibly refusing to compile it for
the chosen -arch, which is a different error). The library's answer must
match. Prints a summary and every disagreement; exits 1 on any.
"""

import argparse
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.src, "python"))
    from tileiras import targets

    os.makedirs(args.workdir, exist_ok=True)
    numbers = (list(range(10, 14)) + list(range(20, 23)) + list(range(30, 38))
               + list(range(50, 54)) + list(range(60, 63)) +
               list(range(70, 76)) + list(range(80, 92)) +
               list(range(100, 105)) + [110, 111] + list(range(120, 123)))
    mismatches = []
    accepted = {"": 0, "a": 0, "f": 0}
    for n in numbers:
        for suffix in ("", "a", "f"):
            name = "sm_%d%s" % (n, suffix)
            path = os.path.join(args.workdir, name + ".ptx")
            with open(path, "w") as f:
                f.write(".version 9.0\n.target %s\n.address_size 64\n" % name)
            r = subprocess.run([args.ptxas, "-arch=sm_110", path, "-o",
                                path + ".cubin"], capture_output=True,
                               text=True)
            ptxas_says = "Unsupported .target" not in r.stderr
            accepted[suffix] += ptxas_says
            if ptxas_says != targets.ptxas_validates(name):
                mismatches.append("%s: ptxas %s, library %s" % (
                    name, ptxas_says, targets.ptxas_validates(name)))
    print("ptxas accepts %d base, %d 'a' and %d 'f' names" % (
        accepted[""], accepted["a"], accepted["f"]))
    for m in mismatches:
        print("MISMATCH " + m)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
