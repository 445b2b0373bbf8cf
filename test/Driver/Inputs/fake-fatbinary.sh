#!/bin/sh
# A stand-in for fatbinary: appends its arguments to $0.log and writes
# "FAKE-FATBIN" to the --create=FILE file.
echo "$*" >> "$0.log"
for a in "$@"; do
  case "$a" in --create=*) echo "FAKE-FATBIN" > "${a#--create=}" ;; esac
done
