package org.wireshootout.codec.capnp;

import org.wireshootout.gen.capnp.v2.addfield.DataV2AddFieldCapnp.Data;
import org.wireshootout.gen.capnp.v2.addfield.DataV2AddFieldCapnp.Side;
import org.wireshootout.model.evolution.Evolved;

/** Version 2 of the Cap'n Proto rows under {@code addField}: the struct generated from {@code schemas/capnp/data-v2-addField.capnp}. */
final class CapnpV2AddField implements CapnpEvolvedCodec.Schema {
    private static final Side[] SIDES = {Side.BUY, Side.SELL};

    @Override
    public void build(CapnpCodecBase frame, Evolved v) {
        int textBytes = frame.textBytes(v.text);
        Data.Builder root = frame.initRoot(Data.factory);
        root.setPrice(v.price);
        root.setFlag(v.flag);
        CapnpCodecBase.writeText(root.initText(textBytes), v.text);
        root.setSide(SIDES[v.side.ordinal()]);
        root.setSmallInt((int) v.smallInt);
        root.setVenue(v.venue);
        root.setLongInt(v.longInt);
    }

    @Override
    public void read(CapnpCodecBase frame, Evolved target) {
        Data.Reader r = frame.root(Data.factory);
        target.price = r.getPrice();
        target.flag = r.getFlag();
        Side side = r.getSide();
        target.side = CapnpEvolvedCodec.side(side.ordinal(), side == Side._NOT_IN_SCHEMA, frame.format());
        target.smallInt = r.getSmallInt();
        target.venue = r.getVenue();
        target.longInt = r.getLongInt();
        frame.readText(r.getText(), target.text);
    }
}
