"""Checks `tileiras --list-gpus --json` against the target-spec facts."""
import json
import sys

targets = json.load(open(sys.argv[1]))
print(f"{len(targets)} targets")
required = {"name", "sm", "variant", "family", "cuda_arch", "min_ptx", "tmem"}
tmem = {"sm_100a", "sm_100f", "sm_103a", "sm_103f", "sm_110a", "sm_110f"}
for t in targets:
    missing = required - t.keys()
    assert not missing, f"{t.get('name')}: missing keys {missing}"
    assert t["name"] == f"sm_{t['sm']}{t['variant']}", t
    assert t["variant"] in ("", "a", "f"), t
    assert t["tmem"] == (t["name"] in tmem), t
    assert t["cuda_arch"] == t["sm"] * 10, t
    major, minor = t["min_ptx"].split(".")
    assert int(major) >= 6 and 0 <= int(minor) <= 9, t
names = [t["name"] for t in targets]
assert len(set(names)) == len(names), "duplicate targets"
assert not any(n.startswith("sm_101") for n in names), "sm_101 must not be listed"
for n in ("sm_90a", "sm_100a", "sm_120f"):
    t = next(t for t in targets if t["name"] == n)
    print(f"{n} sm={t['sm']} variant={t['variant']} family={t['family']} "
          f"cuda_arch={t['cuda_arch']} min_ptx={t['min_ptx']} tmem={t['tmem']}")
print("OK")
