package org.wireshootout.codec.avro;

import org.apache.avro.Schema;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.gen.avro.Data;
import org.wireshootout.gen.avro.Side;
import org.wireshootout.model.evolution.Change;

/**
 * The version-1 reader of the {@code avro} row given the schema version 2 wrote with, as Avro's specification
 * says a reader always is ("the schema used to write the data is always available when the data is read"; in a
 * data file it is in the header, on a channel a schema registry or the protocol handshake gives it). It reads
 * version 1's generated record through Avro's schema resolution (specification, "Schema Resolution") from the
 * version-2 writer's schema to {@code schemas/avro/data.avsc}: fields matched by name, a writer field the reader
 * lacks skipped, a reader field the writer lacks filled from its {@code default}, int promoted to long but never
 * long narrowed to int, enum symbols matched by name.
 *
 * <p>Only for the evolution matrix: it never writes.
 */
final class AvroEvolvedOldReader extends NamedCodec<org.wireshootout.model.Data> {
    private final AvroSupport<Data> avro;
    private final int[] writerBeforeText;
    private final Data in = new Data(0.0, false, new org.apache.avro.util.Utf8(), Side.Buy, 0, 0L);

    AvroEvolvedOldReader(String name, Change change) {
        super(name);
        Schema writer = AvroEvolvedCodec.schemaOf(change);
        this.avro = new AvroSupport<>(name, Data.getClassSchema(), writer);
        this.writerBeforeText = AvroSupport.layoutBefore(writer, "text");
    }

    @Override
    public int encode(org.wireshootout.model.Data value, MutableDirectBuffer dst, int offset) {
        throw new UnsupportedOperationException(name + ": the resolving old reader only reads what version 2 wrote");
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, org.wireshootout.model.Data target) {
        avro.point(src, offset, length);
        avro.checkLength(writerBeforeText, "text");
        Data r = avro.readFromPeer(in);
        target.setPrice(r.getPrice());
        target.setFlag(r.getFlag());
        AvroSupport.copy(r.getText(), target.textBuffer());
        target.setSide(r.getSide() == Side.Buy ? org.wireshootout.model.Side.Buy : org.wireshootout.model.Side.Sell);
        target.setSmallInt(r.getSmallInt());
        target.setLongInt(r.getLongInt());
    }

    /** This row's old reader for {@code change}, as {@link org.wireshootout.codec.Evolvable#oldReaderOf} gives it. */
    static BufferCodec<org.wireshootout.model.Data> of(String name, Change change) {
        return new AvroEvolvedOldReader(name, change);
    }
}
