#!/usr/bin/env python3
# XWD (ZPixmap, 24/32 bpp, as Xvfb's xwd -root writes) to PNG with the standard library.
import struct, sys, zlib
def convert(src, dst, crop=None):
    d = open(src, 'rb').read()
    h = struct.unpack('>25I', d[:100])
    header_size, fmt, depth, width, height = h[0], h[2], h[3], h[4], h[5]
    bpp, bpl, ncolors = h[11], h[12], h[19]
    off = header_size + ncolors * 12
    cw, ch = crop if crop else (width, height)
    rows = []
    for y in range(min(ch, height)):
        line = d[off + y * bpl: off + y * bpl + width * (bpp // 8)]
        out = bytearray(b'\x00')
        step = bpp // 8
        for x in range(min(cw, width)):
            b, g, r = line[x*step], line[x*step+1], line[x*step+2]
            out += bytes((r, g, b))
        rows.append(bytes(out))
    raw = b''.join(rows)
    def chunk(t, data):
        return struct.pack('>I', len(data)) + t + data + struct.pack('>I', zlib.crc32(t + data) & 0xffffffff)
    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', min(cw, width), min(ch, height), 8, 2, 0, 0, 0)) + \
          chunk(b'IDAT', zlib.compress(raw, 6)) + chunk(b'IEND', b'')
    open(dst, 'wb').write(png)
# usage: xwd2png.py IN.xwd OUT.png [WIDTHxHEIGHT]  (crop from the top left corner)
crop = tuple(int(v) for v in sys.argv[3].split('x')) if len(sys.argv) > 3 else None
convert(sys.argv[1], sys.argv[2], crop)
