package org.wireshootout.iex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Fixed-width reads and writes on byte arrays in either byte order. The array-view VarHandles compile to single
 * (unaligned) loads and stores; callers check bounds first, so an index error here would be a bug of ours.
 */
final class Endian {
    private Endian() {
    }

    private static final VarHandle I16_LE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I16_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle I32_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle I64_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    static int u8(byte[] a, int i) {
        return a[i] & 0xFF;
    }

    static int u16le(byte[] a, int i) {
        return (short) I16_LE.get(a, i) & 0xFFFF;
    }

    static int u16be(byte[] a, int i) {
        return (short) I16_BE.get(a, i) & 0xFFFF;
    }

    static int u16(byte[] a, int i, boolean bigEndian) {
        return bigEndian ? u16be(a, i) : u16le(a, i);
    }

    static int i32le(byte[] a, int i) {
        return (int) I32_LE.get(a, i);
    }

    static long u32le(byte[] a, int i) {
        return (int) I32_LE.get(a, i) & 0xFFFFFFFFL;
    }

    static int i32(byte[] a, int i, boolean bigEndian) {
        return bigEndian ? (int) I32_BE.get(a, i) : (int) I32_LE.get(a, i);
    }

    static long u32(byte[] a, int i, boolean bigEndian) {
        return i32(a, i, bigEndian) & 0xFFFFFFFFL;
    }

    static long i64le(byte[] a, int i) {
        return (long) I64_LE.get(a, i);
    }

    static void put16le(byte[] a, int i, int v) {
        I16_LE.set(a, i, (short) v);
    }

    static void put16be(byte[] a, int i, int v) {
        I16_BE.set(a, i, (short) v);
    }

    static void put32le(byte[] a, int i, int v) {
        I32_LE.set(a, i, v);
    }

    static void put32(byte[] a, int i, int v, boolean bigEndian) {
        if (bigEndian) I32_BE.set(a, i, v);
        else I32_LE.set(a, i, v);
    }

    static void put64le(byte[] a, int i, long v) {
        I64_LE.set(a, i, v);
    }

    static void put64(byte[] a, int i, long v, boolean bigEndian) {
        if (bigEndian) I64_BE.set(a, i, v);
        else I64_LE.set(a, i, v);
    }
}
