"""A stand-in tool for testing run_all.py: behaves as the content of its
input file says (crash, code3, silent, errzero, fine, ok)."""
import os
import signal
import sys

what = open(sys.argv[1]).read()
if what == "crash":
    os.kill(os.getpid(), signal.SIGABRT)
if what == "code3":
    sys.stderr.write("x: error: bad\n")
    sys.exit(3)
if what == "silent":
    sys.exit(1)
if what == "errzero":
    sys.stderr.write("x: error: bad\n")
    sys.exit(0)
if what == "fine":
    sys.stderr.write("x: error: rejected\n")
    sys.exit(1)
sys.exit(0)
