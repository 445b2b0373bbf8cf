"""Kills real multi-target compiles with SIGTERM/SIGINT and checks that the
outputs are all-or-nothing: no temporaries, no half-set of outputs, and no
directory the compile created.

usage: kill_compile.py TILEIRAS INPUT WORKDIR
"""
import os
import signal
import subprocess
import sys
import time

tileiras, source, work = sys.argv[1:4]
chips = ["sm_80", "sm_89", "sm_90a"]


def leftovers(root):
    found = []
    for folder, _, files in os.walk(root):
        found += [os.path.join(folder, f) for f in files if ".tmp-" in f]
    return found


def start(outdir, env_extra=None):
    argv = [tileiras, source, "--output-dir=" + outdir]
    for chip in chips:
        argv += ["-arch=" + chip]
    env = dict(os.environ, TILEIRAS_CRASH_REPRODUCER="off")
    env.update(env_extra or {})
    # lit (like a shell's background job) may ignore SIGINT; tileiras then
    # ignores it too, so give the compile the default disposition.
    return subprocess.Popen(
        argv, env=env, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def check(outdir, rc, label):
    parent = os.path.dirname(outdir)
    assert not leftovers(work), (label, leftovers(work))
    outputs = [os.path.join(outdir, "%s.%s.ptx" % (
        os.path.splitext(os.path.basename(source))[0], c)) for c in chips]
    present = [os.path.exists(p) for p in outputs]
    if rc == 0 or all(present):
        assert all(present), (label, rc, present)
        return "complete"
    assert not any(present), (label, rc, present)
    # The compile created parent/ and outdir: both must be gone.
    assert not os.path.exists(parent), (label, rc, "directory left")
    return "nothing"


# 1. Deterministic: signal while every output is staged as a temporary.
for sig in (signal.SIGTERM, signal.SIGINT):
    outdir = os.path.join(work, "staged-%d" % sig, "out")
    proc = start(outdir, {"TILEIRAS_TEST_CRASH": "commit:stall"})
    deadline = time.time() + 300
    while len(leftovers(work)) < len(chips):
        assert proc.poll() is None, proc.stderr.read()
        assert time.time() < deadline, "outputs never staged"
        time.sleep(0.05)
    proc.send_signal(sig)
    rc = proc.wait()
    assert rc == -sig, rc
    assert check(outdir, rc, "staged") == "nothing"
    print("staged outputs removed on %s" % signal.Signals(sig).name)

# 2. Real compiles killed at spread-out moments.
first = start(os.path.join(work, "timing", "out"))
t0 = time.time()
assert first.wait() == 0
full = time.time() - t0
results = {}
for i in range(12):
    sig = signal.SIGTERM if i % 2 == 0 else signal.SIGINT
    outdir = os.path.join(work, "kill%d" % i, "out")
    proc = start(outdir)
    time.sleep(full * (i + 0.5) / 12)
    proc.send_signal(sig)
    rc = proc.wait()
    outcome = check(outdir, rc, "kill%d" % i)
    results[outcome] = results.get(outcome, 0) + 1
print("killed runs all-or-nothing:", sorted(results.items()))
