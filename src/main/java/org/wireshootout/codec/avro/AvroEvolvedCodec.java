package org.wireshootout.codec.avro;

import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.avro.util.Utf8;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * A version 2 of the {@code avro} row for the evolution matrix: the record generated from
 * {@code schemas/avro/data_v2_<change>.avsc}, written and read like {@link AvroCodec} through {@link AvroSupport}
 * (reused encoder, decoder, datum writer and readers, reused records and {@link Utf8}), into and from the
 * caller's buffer.
 *
 * <p>Avro binary carries no schema, so a reader must be told which schema wrote the bytes, out of band, as a schema
 * registry gives it: a codec made by {@link #of} reads what it writes; one made by {@link #readerOfVersion1} (what
 * {@link AvroCodec#newReaderOf} gives the matrix) reads what version 1 wrote, through Avro's schema resolution: fields matched by name or alias, defaults for fields the writer lacks,
 * int promoted to long, enum symbols matched by name.
 *
 * @param <R> the generated record of this version
 */
final class AvroEvolvedCodec<R extends SpecificRecordBase> extends NamedCodec<Evolved> {
    /** The version-1 writer's schema, and where its text's length is. */
    private static final Schema V1 = org.wireshootout.gen.avro.Data.getClassSchema();
    private static final int[] V1_BEFORE_TEXT = AvroSupport.layoutBefore(V1, "text");

    private final AvroSupport<R> avro;
    private final R out;
    private final R in;
    private final Utf8 text = new Utf8();
    private final int textField;
    private final int sideField;
    private final int[] ownBeforeText;
    /** This version's Side constant for each {@link SideV2} (null where it has none), and the reverse. */
    private final Object[] sideOut = new Object[SideV2.values().length];
    private final SideV2[] sideIn;
    /** The fields other than text and side, which the generated setters and getters take unboxed. */
    private final BiConsumer<Evolved, R> write;
    private final BiConsumer<R, Evolved> read;
    /** Whether this codec reads what the version-1 writer wrote rather than its own writes. */
    private final boolean readsVersion1;

    private AvroEvolvedCodec(String name, R out, R in, BiConsumer<Evolved, R> write, BiConsumer<R, Evolved> read,
                             boolean readsVersion1) {
        super(name);
        Schema schema = out.getSchema();
        this.avro = new AvroSupport<>(name, schema, V1);
        this.readsVersion1 = readsVersion1;
        this.out = out;
        this.in = in;
        this.write = write;
        this.read = read;
        this.textField = schema.getField("text").pos();
        this.ownBeforeText = AvroSupport.layoutBefore(schema, "text");
        Schema.Field side = schema.getField("side");
        this.sideField = side.pos();
        List<String> symbols = side.schema().getEnumSymbols();
        this.sideIn = new SideV2[symbols.size()];
        for (int i = 0; i < symbols.size(); i++) {
            sideIn[i] = SideV2.valueOf(symbols.get(i));
            sideOut[sideIn[i].ordinal()] = SpecificData.get().createEnum(symbols.get(i), side.schema());
        }
        in.put(textField, new Utf8()); // the reader refills a Utf8 it finds in the record
    }

    /** Version 2 under {@code change}: the generated record of {@code data_v2_<change>.avsc} and its unboxed fields. */
    static BufferCodec<Evolved> of(String name, Change change) {
        return of(name, change, false);
    }

    /** Version 2 under {@code change} reading what version 1 wrote, given version 1's schema as Avro's readers are. */
    static BufferCodec<Evolved> readerOfVersion1(String name, Change change) {
        return of(name, change, true);
    }

    private static BufferCodec<Evolved> of(String name, Change change, boolean readsVersion1) {
        switch (change) {
            case addField:
                return new AvroEvolvedCodec<>(name, new org.wireshootout.gen.avro.v2.addfield.Data(), new org.wireshootout.gen.avro.v2.addfield.Data(),
                        (e, r) -> { r.setPrice(e.price); r.setFlag(e.flag); r.setSmallInt((int) e.smallInt); r.setLongInt(e.longInt); r.setVenue(e.venue); },
                        (r, e) -> { e.price = r.getPrice(); e.flag = r.getFlag(); e.smallInt = r.getSmallInt(); e.longInt = r.getLongInt(); e.venue = r.getVenue(); }, readsVersion1);
            case removeSmallInt:
                return new AvroEvolvedCodec<>(name, new org.wireshootout.gen.avro.v2.removesmallint.Data(), new org.wireshootout.gen.avro.v2.removesmallint.Data(),
                        (e, r) -> { r.setPrice(e.price); r.setFlag(e.flag); r.setLongInt(e.longInt); },
                        (r, e) -> { e.price = r.getPrice(); e.flag = r.getFlag(); e.longInt = r.getLongInt(); }, readsVersion1);
            case renameField:
                return new AvroEvolvedCodec<>(name, new org.wireshootout.gen.avro.v2.renamefield.Data(), new org.wireshootout.gen.avro.v2.renamefield.Data(),
                        (e, r) -> { r.setPrice(e.price); r.setFlag(e.flag); r.setQuantity((int) e.smallInt); r.setLongInt(e.longInt); },
                        (r, e) -> { e.price = r.getPrice(); e.flag = r.getFlag(); e.smallInt = r.getQuantity(); e.longInt = r.getLongInt(); }, readsVersion1);
            case reorderFields:
                return new AvroEvolvedCodec<>(name, new org.wireshootout.gen.avro.v2.reorderfields.Data(), new org.wireshootout.gen.avro.v2.reorderfields.Data(),
                        (e, r) -> { r.setLongInt(e.longInt); r.setSmallInt((int) e.smallInt); r.setFlag(e.flag); r.setPrice(e.price); },
                        (r, e) -> { e.longInt = r.getLongInt(); e.smallInt = r.getSmallInt(); e.flag = r.getFlag(); e.price = r.getPrice(); }, readsVersion1);
            case widenSmallInt:
                return new AvroEvolvedCodec<>(name, new org.wireshootout.gen.avro.v2.widensmallint.Data(), new org.wireshootout.gen.avro.v2.widensmallint.Data(),
                        (e, r) -> { r.setPrice(e.price); r.setFlag(e.flag); r.setSmallInt(e.smallInt); r.setLongInt(e.longInt); },
                        (r, e) -> { e.price = r.getPrice(); e.flag = r.getFlag(); e.smallInt = r.getSmallInt(); e.longInt = r.getLongInt(); }, readsVersion1);
            case newSideValue:
                return new AvroEvolvedCodec<>(name, new org.wireshootout.gen.avro.v2.newsidevalue.Data(), new org.wireshootout.gen.avro.v2.newsidevalue.Data(),
                        (e, r) -> { r.setPrice(e.price); r.setFlag(e.flag); r.setSmallInt((int) e.smallInt); r.setLongInt(e.longInt); },
                        (r, e) -> { e.price = r.getPrice(); e.flag = r.getFlag(); e.smallInt = r.getSmallInt(); e.longInt = r.getLongInt(); }, readsVersion1);
            default:
                throw new IllegalArgumentException(change.name());
        }
    }

    /** The schema version 2 under {@code change} writes with: what a version-1 reader is given to resolve its bytes. */
    static Schema schemaOf(Change change) {
        switch (change) {
            case addField: return org.wireshootout.gen.avro.v2.addfield.Data.getClassSchema();
            case removeSmallInt: return org.wireshootout.gen.avro.v2.removesmallint.Data.getClassSchema();
            case renameField: return org.wireshootout.gen.avro.v2.renamefield.Data.getClassSchema();
            case reorderFields: return org.wireshootout.gen.avro.v2.reorderfields.Data.getClassSchema();
            case widenSmallInt: return org.wireshootout.gen.avro.v2.widensmallint.Data.getClassSchema();
            case newSideValue: return org.wireshootout.gen.avro.v2.newsidevalue.Data.getClassSchema();
            default: throw new IllegalArgumentException(change.name());
        }
    }

    @Override
    public int encode(Evolved value, MutableDirectBuffer dst, int offset) {
        R r = out;
        write.accept(value, r);
        r.put(textField, AvroSupport.fill(text, value.text));
        Object side = sideOut[value.side.ordinal()];
        if (side == null) throw new IllegalArgumentException(name + ": this version has no side " + value.side);
        r.put(sideField, side);
        return avro.write(r, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Evolved target) {
        avro.point(src, offset, length);
        R r;
        if (readsVersion1) {
            avro.checkLength(V1_BEFORE_TEXT, "text");
            r = avro.readFromPeer(in);
        } else {
            avro.checkLength(ownBeforeText, "text");
            r = avro.read(in);
        }
        read.accept(r, target);
        AvroSupport.copy((CharSequence) r.get(textField), target.text);
        target.side = sideIn[((Enum<?>) r.get(sideField)).ordinal()];
    }
}
