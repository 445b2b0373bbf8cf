"""Prints what a fatbin holds, one line per image: "ptx sm_80" or
"elf sm_90". Checks the fatbin magic first (0xba55ed50) and prints
"not a fatbin" otherwise. The layout is the one fatbinary writes: a 16-byte
header (magic, version, header size, payload size), then one entry per image,
each with its own header (kind 1 = PTX, 2 = ELF; the sm at byte 28; flags at
byte 40, where 0x100000 marks an arch-specific "a" image and 0x200000 a
family "f" one) followed by its padded payload."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
if len(data) < 16 or struct.unpack_from("<I", data, 0)[0] != 0xBA55ED50:
    print("not a fatbin")
    sys.exit(1)
_, _, header_size, payload_size = struct.unpack_from("<IHHQ", data, 0)
offset, end = header_size, header_size + payload_size
kinds = {1: "ptx", 2: "elf"}
while offset < end:
    kind, _, entry_header, padded = struct.unpack_from("<HHIQ", data, offset)
    sm = struct.unpack_from("<I", data, offset + 28)[0]
    flags = struct.unpack_from("<I", data, offset + 40)[0]
    variant = "a" if flags & 0x100000 else "f" if flags & 0x200000 else ""
    print("%s sm_%d%s" % (kinds.get(kind, "kind%d" % kind), sm, variant))
    offset += entry_header + padded
