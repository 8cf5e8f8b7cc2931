package org.wireshootout.codec;

import org.agrona.DirectBuffer;

/** What a generated union codec calls to read its tag: which member's fixed tag the message starts with. */
public final class UnionTags {
    private UnionTags() {
    }

    /**
     * The position of the tag among {@code tags} that the {@code length} bytes of {@code src} at {@code offset} hold
     * from their byte {@code at} on, exactly; -1 when none does. The tags are prefix-free, so at most one matches.
     */
    public static int match(DirectBuffer src, int offset, int length, int at, byte[][] tags) {
        for (int i = 0; i < tags.length; i++) {
            byte[] tag = tags[i];
            if (at + tag.length > length) continue;
            int k = 0;
            while (k < tag.length && src.getByte(offset + at + k) == tag[k]) k++;
            if (k == tag.length) return i;
        }
        return -1;
    }
}
