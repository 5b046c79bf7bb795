#!/usr/bin/env python3
"""Turns a compiled SPIR-V module's 16-bit floats into bfloat16 (SPV_KHR_bfloat16):
every `OpTypeFloat 16` gains the BFloat16KHR encoding operand, and the module declares
the BFloat16TypeKHR and BFloat16CooperativeMatrixKHR capabilities and the extension.

glslang 13 (the pinned shader compiler) has no bfloat16 type; a shader written for
float16_t that only loads, stores, converts and multiplies cooperative matrices of it
(no scalar arithmetic in 16 bits) is valid for bfloat16 after this rewrite, which
spirv-val then checks.  Usage: spirv-bf16.py IN.spv OUT.spv"""
import struct
import sys

OP_CAPABILITY, OP_EXTENSION, OP_TYPE_FLOAT = 17, 10, 22
BFLOAT16_TYPE_KHR, BFLOAT16_COOPMAT_KHR = 5116, 5118
ENCODING_BFLOAT16 = 0


def words_of_string(s):
    b = s.encode() + b"\0"
    b += b"\0" * (-len(b) % 4)
    return list(struct.unpack(f"<{len(b) // 4}I", b))


def main(src, dst):
    data = open(src, "rb").read()
    words = list(struct.unpack(f"<{len(data) // 4}I", data))
    header, body = words[:5], words[5:]
    out, i, caps_done, floats = [], 0, False, 0
    while i < len(body):
        count, op = body[i] >> 16, body[i] & 0xFFFF
        inst = body[i:i + count]
        if op != OP_CAPABILITY and not caps_done:
            # After the capabilities: the two new ones, then the extension.
            for cap in (BFLOAT16_TYPE_KHR, BFLOAT16_COOPMAT_KHR):
                out += [(2 << 16) | OP_CAPABILITY, cap]
            name = words_of_string("SPV_KHR_bfloat16")
            out += [((1 + len(name)) << 16) | OP_EXTENSION] + name
            caps_done = True
        if op == OP_TYPE_FLOAT and count == 3 and inst[2] == 16:
            inst = [(4 << 16) | OP_TYPE_FLOAT, inst[1], 16, ENCODING_BFLOAT16]
            floats += 1
        out += inst
        i += count
    if floats != 1:
        sys.exit(f"{src}: expected one 16-bit float type, found {floats}")
    open(dst, "wb").write(struct.pack(f"<{len(header) + len(out)}I", *header, *out))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
