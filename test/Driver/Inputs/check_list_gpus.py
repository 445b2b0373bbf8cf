"""Checks `tileiras --list-gpus --json` against the target-spec facts."""
import json
import sys

targets = json.load(open(sys.argv[1]))
print(f"{len(targets)} targets")
required = {"name", "sm", "variant", "family", "cuda_arch", "min_ptx", "tmem",
            "static_shared_memory_per_cta", "max_shared_memory_per_cta"}
tmem = {"sm_100a", "sm_100f", "sm_103a", "sm_103f", "sm_110a", "sm_110f"}
for t in targets:
    missing = required - t.keys()
    assert not missing, f"{t.get('name')}: missing keys {missing}"
    assert t["name"] == f"sm_{t['sm']}{t['variant']}", t
    assert t["variant"] in ("", "a", "f"), t
    assert t["tmem"] == (t["name"] in tmem), t
    assert t["cuda_arch"] == t["sm"] * 10, t
    assert (t["static_shared_memory_per_cta"]
            <= t["max_shared_memory_per_cta"]), t
    major, minor = t["min_ptx"].split(".")
    assert int(major) >= 6 and 0 <= int(minor) <= 9, t
names = [t["name"] for t in targets]
assert len(set(names)) == len(names), "duplicate targets"
assert not any(n.startswith("sm_101") for n in names), "sm_101 must not be listed"
# Every object as a row of the text table, so that the test checks the
# JSON against the same expected rows as `--list-gpus`.
if len(sys.argv) > 2 and sys.argv[2] == "--table":
    kinds = {"": "base", "a": "arch-specific", "f": "family"}
    print("TARGET SM VARIANT FAMILY CUDA_ARCH MIN_PTX TMEM STATIC_SMEM "
          "MAX_SMEM")
    for t in targets:
        print(f"{t['name']} {t['sm']} {kinds[t['variant']]} {t['family']} "
              f"{t['cuda_arch']} {t['min_ptx']} {'yes' if t['tmem'] else 'no'} "
              f"{t['static_shared_memory_per_cta']} "
              f"{t['max_shared_memory_per_cta']}")
    sys.exit(0)
for n in ("sm_75", "sm_80", "sm_86", "sm_90a", "sm_120a"):
    t = next(t for t in targets if t["name"] == n)
    print(f"{n} static_shared={t['static_shared_memory_per_cta']} "
          f"max_shared={t['max_shared_memory_per_cta']}")
for n in ("sm_90a", "sm_100a", "sm_120f"):
    t = next(t for t in targets if t["name"] == n)
    print(f"{n} sm={t['sm']} variant={t['variant']} family={t['family']} "
          f"cuda_arch={t['cuda_arch']} min_ptx={t['min_ptx']} tmem={t['tmem']}")
print("OK")
