#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Enrolls a Machine Owner Key offline: appends shim's MokList variable
# (one EFI_SIGNATURE_LIST holding the DER certificate) to a copy of an
# OVMF variable store, as MokManager leaves it once a person has
# confirmed "mokutil --import".  Shim reads MokList at the next boot,
# mirrors it to MokListRT and the kernel loads the key.
#   add-mok.py VARS.fd CERT.der
# The store is edk2's: a firmware volume whose header is followed by an
# authenticated variable store; variables are appended after the last
# one, 4-byte aligned.  MokList is non-volatile and boot-services only
# (no runtime access, no authentication): shim deletes a MokList that
# the OS could have written (with runtime access) instead of trusting it.
import struct
import sys
import uuid

AUTH_STORE = uuid.UUID("aaf32c78-947b-439a-a180-2e144ec37792")
SHIM_LOCK = uuid.UUID("605dab50-e046-4300-abb6-3dd810dd8b23")
CERT_X509 = uuid.UUID("a5c059a1-94e4-4aa7-87b5-ab155c2bf072")
VAR_ADDED = 0x3F
NV_BS = 0x1 | 0x2
# StartId, State, Reserved, Attributes, MonotonicCount, TimeStamp (16),
# PubKeyIndex, NameSize, DataSize, VendorGuid
HDR = struct.Struct("<HBBIQ16sIII16s")


def die(msg):
    sys.stderr.write("add-mok.py: %s\n" % msg)
    sys.exit(1)


def main():
    if len(sys.argv) != 3:
        die("usage: add-mok.py VARS.fd CERT.der")
    path, cert_path = sys.argv[1], sys.argv[2]
    with open(path, "rb") as f:
        fd = bytearray(f.read())
    with open(cert_path, "rb") as f:
        cert = f.read()
    if fd[40:44] != b"_FVH":
        die("%s: no firmware volume header" % path)
    hlen = struct.unpack_from("<H", fd, 48)[0]
    if uuid.UUID(bytes_le=bytes(fd[hlen:hlen + 16])) != AUTH_STORE:
        die("%s: not an authenticated variable store" % path)
    size = struct.unpack_from("<I", fd, hlen + 16)[0]
    end = hlen + size
    off = (hlen + 28 + 3) & ~3
    while off + HDR.size <= end:
        (sid, state, _, _, _, _, _, nsize, dsize,
         guid) = HDR.unpack_from(fd, off)
        if sid != 0x55AA:
            break
        name = fd[off + HDR.size:off + HDR.size + nsize]
        if (state == VAR_ADDED and name == "MokList\0".encode("utf-16le")
                and uuid.UUID(bytes_le=guid) == SHIM_LOCK):
            die("%s already has a MokList" % path)
        off = (off + HDR.size + nsize + dsize + 3) & ~3
    # EFI_SIGNATURE_LIST: type, list size, header size 0, signature size;
    # then one EFI_SIGNATURE_DATA: owner GUID and the certificate
    sig = SHIM_LOCK.bytes_le + cert
    data = struct.pack("<16sIII", CERT_X509.bytes_le, 28 + len(sig), 0,
                       len(sig)) + sig
    name = "MokList\0".encode("utf-16le")
    var = HDR.pack(0x55AA, VAR_ADDED, 0, NV_BS, 0, bytes(16), 0, len(name),
                   len(data), SHIM_LOCK.bytes_le) + name + data
    if off + len(var) > end or any(b != 0xFF for b in fd[off:off + len(var)]):
        die("%s: no free room after the last variable" % path)
    fd[off:off + len(var)] = var
    with open(path, "wb") as f:
        f.write(fd)


main()
