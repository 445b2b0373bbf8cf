#!/bin/sh
# A stand-in for ptxas: answers --version like CUDA 13.0's ptxas, appends its
# arguments to $0.log, prints them on stdout (tileiras shows ptxas' output)
# and writes "FAKE-CUBIN <arch>" to the -o file.
if [ "$1" = "--version" ]; then
  echo "Cuda compilation tools, release 13.0, V13.0.88"
  exit 0
fi
echo "fake-ptxas: $*"
echo "$*" >> "$0.log"
out= arch= prev=
for a in "$@"; do
  [ "$prev" = "-o" ] && out=$a
  case "$a" in -arch=*) arch=${a#-arch=} ;; esac
  prev=$a
done
echo "FAKE-CUBIN $arch" > "$out"
