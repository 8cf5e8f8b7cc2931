package org.wireshootout.codec.protobuf;

import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.gen.proto.DataV2AddFieldProto;
import org.wireshootout.gen.proto.DataV2NewSideValueProto;
import org.wireshootout.gen.proto.DataV2RemoveSmallIntProto;
import org.wireshootout.gen.proto.DataV2RenameFieldProto;
import org.wireshootout.gen.proto.DataV2ReorderFieldsProto;
import org.wireshootout.gen.proto.DataV2WidenSmallIntProto;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.util.function.Function;
import java.util.function.ToIntBiFunction;

/**
 * A version 2 of the {@code protobuf} row for the evolution matrix: the message protoc generates from
 * {@code schemas/protobuf/data_v2_<change>.proto}, built on a reused builder, written and parsed exactly as
 * {@link ProtobufCodec} does, in the caller's buffer (same parse limits, no framing beyond the message).
 *
 * <p>The side is set and read as its number ({@code setSideValue} / {@code getSideValue}), which is the
 * {@link SideV2} ordinal (BUY = 0, SELL = 1, SHORT = 2); a number this version has no constant for is refused, as
 * version 1 refuses one.
 *
 * @param <M> the generated message of this version
 */
final class ProtobufEvolvedCodec<M extends MessageLite> extends NamedCodec<Evolved> {
    private static final SideV2[] SIDES = SideV2.values();

    private final ProtobufBytes bytes = new ProtobufBytes(name);
    private final Parser<M> parser;
    /** How many Side constants this version declares. */
    private final int sides;
    /** Sets every field of this version on a reused builder and builds the message. */
    private final Function<Evolved, M> build;
    /** Reads every field of this version but the side into the target; returns the side's number. */
    private final ToIntBiFunction<M, Evolved> read;

    private ProtobufEvolvedCodec(String name, Parser<M> parser, int sides, Function<Evolved, M> build, ToIntBiFunction<M, Evolved> read) {
        super(name);
        this.parser = parser;
        this.sides = sides;
        this.build = build;
        this.read = read;
    }

    /** Version 2 under {@code change}: the generated message of {@code data_v2_<change>.proto}. */
    static BufferCodec<Evolved> of(String name, Change change) {
        switch (change) {
            case addField: {
                DataV2AddFieldProto.Data.Builder b = DataV2AddFieldProto.Data.newBuilder();
                return new ProtobufEvolvedCodec<>(name, DataV2AddFieldProto.Data.parser(), 2,
                        e -> b.setPrice(e.price).setFlag(e.flag).setText(e.text.toString()).setSideValue(e.side.ordinal())
                                .setSmallInt((int) e.smallInt).setLongInt(e.longInt).setVenue(e.venue).build(),
                        (m, e) -> {
                            e.price = m.getPrice(); e.flag = m.getFlag(); text(e, m.getText());
                            e.smallInt = m.getSmallInt(); e.longInt = m.getLongInt(); e.venue = m.getVenue();
                            return m.getSideValue();
                        });
            }
            case removeSmallInt: {
                DataV2RemoveSmallIntProto.Data.Builder b = DataV2RemoveSmallIntProto.Data.newBuilder();
                return new ProtobufEvolvedCodec<>(name, DataV2RemoveSmallIntProto.Data.parser(), 2,
                        e -> b.setPrice(e.price).setFlag(e.flag).setText(e.text.toString()).setSideValue(e.side.ordinal())
                                .setLongInt(e.longInt).build(),
                        (m, e) -> {
                            e.price = m.getPrice(); e.flag = m.getFlag(); text(e, m.getText()); e.longInt = m.getLongInt();
                            return m.getSideValue();
                        });
            }
            case renameField: {
                DataV2RenameFieldProto.Data.Builder b = DataV2RenameFieldProto.Data.newBuilder();
                return new ProtobufEvolvedCodec<>(name, DataV2RenameFieldProto.Data.parser(), 2,
                        e -> b.setPrice(e.price).setFlag(e.flag).setText(e.text.toString()).setSideValue(e.side.ordinal())
                                .setQuantity((int) e.smallInt).setLongInt(e.longInt).build(),
                        (m, e) -> {
                            e.price = m.getPrice(); e.flag = m.getFlag(); text(e, m.getText());
                            e.smallInt = m.getQuantity(); e.longInt = m.getLongInt();
                            return m.getSideValue();
                        });
            }
            case reorderFields: {
                DataV2ReorderFieldsProto.Data.Builder b = DataV2ReorderFieldsProto.Data.newBuilder();
                return new ProtobufEvolvedCodec<>(name, DataV2ReorderFieldsProto.Data.parser(), 2,
                        e -> b.setLongInt(e.longInt).setSmallInt((int) e.smallInt).setSideValue(e.side.ordinal())
                                .setText(e.text.toString()).setFlag(e.flag).setPrice(e.price).build(),
                        (m, e) -> {
                            e.longInt = m.getLongInt(); e.smallInt = m.getSmallInt(); text(e, m.getText());
                            e.flag = m.getFlag(); e.price = m.getPrice();
                            return m.getSideValue();
                        });
            }
            case widenSmallInt: {
                DataV2WidenSmallIntProto.Data.Builder b = DataV2WidenSmallIntProto.Data.newBuilder();
                return new ProtobufEvolvedCodec<>(name, DataV2WidenSmallIntProto.Data.parser(), 2,
                        e -> b.setPrice(e.price).setFlag(e.flag).setText(e.text.toString()).setSideValue(e.side.ordinal())
                                .setSmallInt(e.smallInt).setLongInt(e.longInt).build(),
                        (m, e) -> {
                            e.price = m.getPrice(); e.flag = m.getFlag(); text(e, m.getText());
                            e.smallInt = m.getSmallInt(); e.longInt = m.getLongInt();
                            return m.getSideValue();
                        });
            }
            case newSideValue: {
                DataV2NewSideValueProto.Data.Builder b = DataV2NewSideValueProto.Data.newBuilder();
                return new ProtobufEvolvedCodec<>(name, DataV2NewSideValueProto.Data.parser(), 3,
                        e -> b.setPrice(e.price).setFlag(e.flag).setText(e.text.toString()).setSideValue(e.side.ordinal())
                                .setSmallInt((int) e.smallInt).setLongInt(e.longInt).build(),
                        (m, e) -> {
                            e.price = m.getPrice(); e.flag = m.getFlag(); text(e, m.getText());
                            e.smallInt = m.getSmallInt(); e.longInt = m.getLongInt();
                            return m.getSideValue();
                        });
            }
            default:
                throw new IllegalArgumentException(change.name());
        }
    }

    private static void text(Evolved target, String text) {
        target.text.setLength(0);
        target.text.append(text);
    }

    @Override
    public int encode(Evolved value, MutableDirectBuffer dst, int offset) {
        // a builder's setSideValue takes any number (proto3 enums are open): a side this version lacks is refused here
        if (value.side.ordinal() >= sides) throw new IllegalArgumentException(name + ": this version has no side " + value.side);
        return bytes.write(build.apply(value), dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Evolved target) {
        int side = read.applyAsInt(bytes.parse(parser, src, offset, length), target);
        if (side < 0 || side >= sides) throw new DecodeException(name, -1, "side " + side + " is not a constant of this version");
        target.side = SIDES[side];
    }
}
