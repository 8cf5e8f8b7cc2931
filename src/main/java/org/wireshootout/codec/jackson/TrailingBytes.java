package org.wireshootout.codec.jackson;

import java.io.OutputStream;
import java.io.Writer;

/**
 * Where a parser kept across messages releases what it read past the end of an object
 * ({@code JsonParser.releaseBuffered}): the bytes (or chars) are not kept, only whether any of them was something
 * other than JSON whitespace. Nothing is allocated; {@link #reset} before each use.
 */
final class TrailingBytes {
    /** True once a released byte or char was not JSON whitespace. */
    boolean content;

    final OutputStream bytes = new OutputStream() {
        @Override
        public void write(int b) {
            note(b & 0xFF);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) note(b[i] & 0xFF);
        }
    };

    final Writer chars = new Writer() {
        @Override
        public void write(char[] c, int off, int len) {
            for (int i = off; i < off + len; i++) note(c[i]);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    void reset() {
        content = false;
    }

    private void note(int c) {
        if (!JsonDataMapping.isWhitespace(c)) content = true;
    }
}
