package org.wireshootout.hostile;

import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.registry.Row;
import org.wireshootout.model.Data;
import org.wireshootout.model.iex.IexMessage;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The property every decoder is held to: bytes its row's writer cannot have written are refused. Checked as
 * "the decode fails with a {@link DecodeException}, or the value it decoded re-encodes to exactly the bytes that
 * were decoded": a decoder that reads a flag byte of 2 as false, an overlong UTF-8 form as a character, a cut text
 * or a message with a byte after it gives a value whose encoding differs from the bytes read.
 */
final class WriterBytes {
    private WriterBytes() {
    }

    /** A row of either registry with what the property needs: a codec and a fresh target. */
    record Subject<T>(Row<T> row, Supplier<T> targets) {
        String name() {
            return row.getClass().getSimpleName() + "." + row.name();
        }

        HeldMessage<T> codec() {
            return row.held();
        }

        @Override
        public String toString() {
            return name();
        }
    }

    static Subject<Data> of(Format f) {
        return new Subject<>(f, Data::new);
    }

    static Subject<IexMessage> of(IexFormat f) {
        return new Subject<>(f, IexMessage::new);
    }

    /** Every row of both registries that carries data. */
    static Stream<Subject<?>> allRows() {
        return Stream.concat(
                Stream.of(Format.values()).filter(Format::carriesData).map(WriterBytes::of),
                Stream.of(IexFormat.values()).filter(IexFormat::carriesData).map(WriterBytes::of));
    }

    /**
     * Null when {@code codec} refuses {@code bytes} with a DecodeException or decodes a value that re-encodes to
     * exactly them; otherwise what went wrong, naming the row and the bytes.
     */
    static <T> String check(String name, HeldMessage<T> codec, T target, byte[] bytes) {
        try {
            codec.load(bytes, 0, bytes.length);
            codec.decode(target);
        } catch (DecodeException refused) {
            return null;
        } catch (RuntimeException e) {
            return name + ": " + hex(bytes) + " threw " + e + " instead of a DecodeException";
        }
        byte[] again;
        try {
            codec.encode(target);
            again = codec.bytes();
        } catch (RuntimeException e) {
            return name + ": " + hex(bytes) + " decoded to " + target + ", which cannot be encoded again (" + e + ")";
        }
        if (Arrays.equals(again, bytes)) return null;
        return name + ": " + hex(bytes) + " decoded to " + target + ", which the writer encodes as " + hex(again);
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    /** The first index of {@code part} in {@code whole} from {@code from}, or -1. */
    static int indexOf(byte[] whole, byte[] part, int from) {
        outer:
        for (int i = Math.max(0, from); i + part.length <= whole.length; i++) {
            for (int k = 0; k < part.length; k++) if (whole[i + k] != part[k]) continue outer;
            return i;
        }
        return -1;
    }
}
