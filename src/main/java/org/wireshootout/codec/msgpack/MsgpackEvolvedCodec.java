package org.wireshootout.codec.msgpack;

import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Version 2 of the {@code msgpack} row ({@link Layout}): the same map through the same packer and unpacker calls,
 * with version 2's names in its order and smallInt packed with {@code packLong} only where version 2 widened it.
 *
 * <p>Reading is the tolerant style of a by-name map: an entry whose name version 2 does not know is skipped with
 * msgpack-core's {@code MessageUnpacker.skipValue()}, a field that is absent keeps its default, a field that is
 * there must have its type, and an int32 field beyond int32 is msgpack-core's own
 * {@code MessageIntegerOverflowException}.
 */
final class MsgpackEvolvedCodec extends MsgpackMapCodec<Evolved> {
    private static final SideV2[] SIDES = SideV2.values();
    private static final byte[][] SIDE_NAMES = new byte[SIDES.length][];

    static {
        for (SideV2 s : SIDES) SIDE_NAMES[s.ordinal()] = s.name().getBytes(StandardCharsets.US_ASCII);
    }

    private final Layout layout;
    private final byte[][] names = new byte[Layout.Field.values().length][];
    /** smallInt's other name, for version 1's tolerant reader ({@link Layout#tolerantVersion1()}); else null. */
    private final byte[] smallIntAlias;

    MsgpackEvolvedCodec(String name, Layout layout) {
        super(name);
        this.layout = layout;
        for (Layout.Field f : layout.order()) names[f.ordinal()] = layout.name(f).getBytes(StandardCharsets.US_ASCII);
        this.smallIntAlias = layout.smallIntAlias() == null ? null : layout.smallIntAlias().getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    protected void writeMap(MessagePacker p, Evolved v) throws IOException {
        p.packMapHeader(layout.order().length);
        for (Layout.Field f : layout.order()) {
            packString(p, names[f.ordinal()]);
            switch (f) {
                case price: p.packDouble(v.price); break;
                case flag: p.packBoolean(v.flag); break;
                case text: packText(p, v.text); break;
                case side: packString(p, SIDE_NAMES[v.side.ordinal()]); break;
                case smallInt:
                    if (layout.wideSmallInt()) p.packLong(v.smallInt);
                    else p.packInt(Math.toIntExact(v.smallInt));
                    break;
                case longInt: p.packLong(v.longInt); break;
                case venue: p.packInt(v.venue); break;
                default: throw new AssertionError(f);
            }
        }
    }

    @Override
    protected void readMap(MessageUnpacker u, int size, Evolved target) throws IOException {
        int entries = u.unpackMapHeader();
        target.clear(); // what the message lacks keeps its default
        for (int i = 0; i < entries; i++) {
            Layout.Field f = field(stringPayload(u, size, "field name"));
            if (f == null) {
                u.skipValue(); // a field of another version
                continue;
            }
            switch (f) {
                case price: target.price = readPrice(u); break;
                case flag: target.flag = readFlag(u, f); break;
                case text: readText(u, size, target.text); break;
                case side: target.side = side(u, stringPayload(u, size, "side")); break;
                case smallInt:
                    target.smallInt = layout.wideSmallInt() ? readLong(u, layout.name(f)) : readInt(u, layout.name(f));
                    break;
                case longInt: target.longInt = readLong(u, f); break;
                case venue: target.venue = readInt(u, f); break;
                default: throw new AssertionError(f);
            }
        }
    }

    private Layout.Field field(int n) {
        for (Layout.Field f : layout.order()) {
            byte[] name = names[f.ordinal()];
            if (Arrays.equals(scratch, 0, n, name, 0, name.length)) return f;
        }
        if (smallIntAlias != null && Arrays.equals(scratch, 0, n, smallIntAlias, 0, smallIntAlias.length)) return Layout.Field.smallInt;
        return null;
    }

    private SideV2 side(MessageUnpacker u, int n) {
        for (SideV2 s : SIDES) {
            byte[] b = SIDE_NAMES[s.ordinal()];
            if (Arrays.equals(scratch, 0, n, b, 0, b.length)) return layout.side(s.name(), name);
        }
        throw fail(u, "side must be one of version 2's sides");
    }
}
