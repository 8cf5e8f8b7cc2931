package org.wireshootout.codec.sbe;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.gen.sbe.v2.widensmallint.BooleanType;
import org.wireshootout.gen.sbe.v2.widensmallint.DataDecoder;
import org.wireshootout.gen.sbe.v2.widensmallint.DataEncoder;
import org.wireshootout.gen.sbe.v2.widensmallint.MessageHeaderEncoder;
import org.wireshootout.gen.sbe.v2.widensmallint.Side;
import org.wireshootout.model.evolution.Evolved;

/** Version 2 of the {@code sbe} row under {@code widenSmallInt}: the flyweights generated from {@code schemas/sbe/data-v2-widenSmallInt.xml}. */
final class SbeV2WidenSmallInt implements SbeEvolvedCodec.Schema {
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final DataEncoder encoder = new DataEncoder();
    private final DataDecoder decoder = new DataDecoder();

    @Override
    public int blockLength() {
        return DataEncoder.BLOCK_LENGTH;
    }

    @Override
    public int encode(MutableDirectBuffer buffer, int offset, Evolved v, byte[] text, int textLength) {
        encoder.wrapAndApplyHeader(buffer, offset, header).price(v.price).longInt(v.longInt).smallInt(v.smallInt)
                .flag(v.flag ? BooleanType.T : BooleanType.F)
                .side(Side.valueOf(v.side.name()))
                .putText(text, 0, textLength);
        return encoder.encodedLength();
    }

    @Override
    public void decode(DirectBuffer buffer, int offset, int actingBlockLength, int actingVersion, Evolved target, String name) {
        decoder.wrap(buffer, offset + SbeEvolvedCodec.HEADER, actingBlockLength, actingVersion);
        target.price = decoder.price();
        target.longInt = decoder.longInt();
        target.smallInt = decoder.smallInt();
        target.flag = SbeEvolvedCodec.flag(decoder.flag().name(), name);
        target.side = SbeEvolvedCodec.side(decoder.side().name(), name);
    }
}
